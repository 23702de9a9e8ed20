// Frequently asked questions, grouped by category in display order.
import { asc } from "drizzle-orm";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { faqCategories, faqs } from "../db/schema.ts";

export interface FaqGroup {
  slug: string;
  title: string;
  questions: { id: number; question: string; answer: string }[];
}

export async function listFaqGroups(db: Db, language: Language): Promise<FaqGroup[]> {
  const ar = language === "ar";
  const [categories, rows] = await Promise.all([
    db.select().from(faqCategories).orderBy(asc(faqCategories.sortOrder)),
    db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id)),
  ]);
  return categories.map((category) => ({
    slug: category.slug,
    title: ar ? category.titleAr : category.titleEn,
    questions: rows
      .filter((row) => row.category === category.slug)
      .map((row) => ({ id: row.id, question: ar ? row.questionAr : row.questionEn, answer: ar ? row.answerAr : row.answerEn })),
  }));
}

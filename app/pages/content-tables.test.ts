// Each table of content HTML scrolls in a box of its own that a keyboard reaches and a screen reader names.
import { describe, expect, test } from "vitest";
import { withScrollingTables } from "./content-tables.ts";

const BOX = '<div class="table-scroll" tabindex="0" role="region"';

describe("withScrollingTables", () => {
  test("wraps a table in a focusable region named by the page language's word for a table", () => {
    expect(withScrollingTables("<p>a</p><table><tbody><tr><td>1</td></tr></tbody></table><p>b</p>", "جدول")).toBe(
      `<p>a</p>${BOX} aria-label="جدول"><table><tbody><tr><td>1</td></tr></tbody></table></div><p>b</p>`,
    );
  });

  test("names the region after the table's caption, its text without tags", () => {
    const html = '<table dir="rtl"><caption> Results <em>2021</em>\n– 2025 </caption><tbody><tr><td>1</td></tr></tbody></table>';
    expect(withScrollingTables(html, "Table")).toBe(`${BOX} aria-label="Results 2021 – 2025">${html}</div>`);
  });

  test("a caption's quotes and entities stay inside the attribute", () => {
    const html = '<table><caption>Tom &amp; "Jerry" &lt;3</caption></table>';
    expect(withScrollingTables(html, "Table")).toContain('aria-label="Tom &amp; &quot;Jerry&quot; &lt;3">');
  });

  test("the fallback label is escaped, an empty caption falls back to it", () => {
    expect(withScrollingTables("<table><caption> <em></em> </caption></table>", 'R&D "tables"')).toContain('aria-label="R&amp;D &quot;tables&quot;">');
  });

  test("every table gets its own box, each with its own name, and a caption further down is not taken", () => {
    const html = "<table><tbody><tr><td><table><caption>inner</caption></table></td></tr></tbody></table><table><caption>second</caption></table>";
    const result = withScrollingTables(html, "Table");
    expect(result.match(/class="table-scroll"/g)).toHaveLength(3);
    expect([...result.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1])).toEqual(["Table", "inner", "second"]);
    expect(result.match(/<\/table><\/div>/g)).toHaveLength(3);
  });

  test("HTML without a table is unchanged", () => {
    expect(withScrollingTables("<p>tablet</p>", "Table")).toBe("<p>tablet</p>");
  });
});

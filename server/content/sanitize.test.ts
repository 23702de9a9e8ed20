// Stored content HTML passes an allowlist: scripts, event handlers and javascript: links are
// removed; the formatting an editor uses stays.
import { describe, expect, test } from "vitest";
import { sanitizeContentHtml } from "./sanitize.ts";

describe("sanitizeContentHtml removes what could run", () => {
  test("a <script> element disappears with its code", () => {
    const html = sanitizeContentHtml('<p>before</p><script>alert("x")</script><p>after</p>');
    expect(html).toBe("<p>before</p><p>after</p>");
  });

  test("an onerror handler (and the img carrying it) is removed", () => {
    const html = sanitizeContentHtml('<p>text<img src="x" onerror="alert(1)"></p>');
    expect(html).not.toMatch(/onerror|alert|<img/i);
    expect(html).toBe("<p>text</p>");
  });

  test("event handlers on allowed tags are removed, the tag stays", () => {
    expect(sanitizeContentHtml('<p onclick="alert(1)" onmouseover="x()">hi</p>')).toBe("<p>hi</p>");
  });

  test("a javascript: href is removed, the link text stays", () => {
    const html = sanitizeContentHtml('<a href="javascript:alert(1)">click</a>');
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain("click");
  });

  test("obfuscated javascript: and data: links are removed too", () => {
    for (const href of ["JaVaScRiPt:alert(1)", " javascript:alert(1)", "java&#x09;script:alert(1)", "data:text/html,<script>alert(1)</script>"]) {
      const html = sanitizeContentHtml(`<a href="${href}">x</a>`);
      expect(html, href).not.toMatch(/href/i);
    }
  });

  test("iframes, objects, forms, styles and style attributes are removed", () => {
    const html = sanitizeContentHtml(
      '<iframe src="https://evil.example"></iframe><object data="x"></object><form><input></form><style>p{}</style><p style="color:red">ok</p>',
    );
    expect(html).toBe("<p>ok</p>");
  });
});

describe("sanitizeContentHtml keeps the editor's formatting", () => {
  test("headings, paragraphs, emphasis and lists are kept as written", () => {
    const html = "<h2>Title</h2><h3>Sub</h3><p><strong>bold</strong> <em>it</em> <u>u</u><br /></p><ul><li>one</li></ul><ol><li>two</li></ol>";
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  test("tables keep scope, colspan and rowspan", () => {
    const html = '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">1</td></tr></tbody></table>';
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  test("a table keeps its caption (the name of its scrolling box on a page)", () => {
    const html = "<table><caption>Results <em>2021–2025</em></caption><tbody><tr><td>1</td></tr></tbody></table>";
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  test("https, mailto and tel links are kept", () => {
    for (const href of ["https://example.com/a", "mailto:care@example.com", "tel:+963111"]) {
      expect(sanitizeContentHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  test("a link opening a new tab gets rel=noopener noreferrer", () => {
    const html = sanitizeContentHtml('<a href="https://example.com" target="_blank">x</a>');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
  });

  test("dir and lang stay on any allowed tag, for mixed Arabic and English", () => {
    const html = '<p dir="rtl" lang="ar">نص <span dir="ltr" lang="en">0944123456</span></p>';
    expect(sanitizeContentHtml(html)).toBe(html);
  });
});

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

describe("sanitizeContentHtml isolates codes, numbers and Latin runs in Arabic text (common/bidi.ts)", () => {
  test("a USSD code becomes a left-to-right link that dials it, * and # escaped", () => {
    expect(sanitizeContentHtml("<p>فاطلب الرمز *130*1# من هاتفك.</p>")).toBe('<p>فاطلب الرمز <a dir="ltr" href="tel:%2A130%2A1%23">*130*1#</a> من هاتفك.</p>');
    expect(sanitizeContentHtml("<td>*175*2#</td>")).toBe('<td><a dir="ltr" href="tel:%2A175%2A2%23">*175*2#</a></td>');
  });

  test("numbers, prices and Latin words of Arabic HTML are isolated, also alone in an element of it", () => {
    expect(sanitizeContentHtml("<p>الاشتراك 1,500 ل.س شهريًا عبر Sama Cash.</p>")).toBe('<p>الاشتراك <bdi dir="ltr">1,500</bdi> ل.س شهريًا عبر <bdi dir="ltr">Sama Cash</bdi>.</p>');
    expect(sanitizeContentHtml("<p>قيمتها <strong>75,000</strong> ل.س</p>")).toBe('<p>قيمتها <strong><bdi dir="ltr">75,000</bdi></strong> ل.س</p>');
  });

  test("inside a link a code or address is isolated but never becomes a second link", () => {
    expect(sanitizeContentHtml('<p>راسلنا على <a href="mailto:care@sama.example">care@sama.example</a></p>')).toBe(
      '<p>راسلنا على <a href="mailto:care@sama.example"><bdi dir="ltr">care@sama.example</bdi></a></p>',
    );
    expect(sanitizeContentHtml('<p>اطلب <a href="https://sama.example/ussd"><b>*100#</b></a></p>')).toBe('<p>اطلب <a href="https://sama.example/ussd"><b><bdi dir="ltr">*100#</bdi></b></a></p>');
  });

  test("English HTML gets links for its codes and nothing else", () => {
    expect(sanitizeContentHtml("<p>Dial *100# to check your 1,500 SYP balance in Sama Cash.</p>")).toBe('<p>Dial <a dir="ltr" href="tel:%2A100%23">*100#</a> to check your 1,500 SYP balance in Sama Cash.</p>');
  });

  test("escaped characters stay escaped, and nothing else turns into markup", () => {
    expect(sanitizeContentHtml("<p>شركة AT&amp;T: 5 &lt; 6 &lt;script&gt;</p>")).toBe('<p>شركة <bdi dir="ltr">AT&amp;T</bdi>: <bdi dir="ltr">5</bdi> &lt; <bdi dir="ltr">6</bdi> &lt;<bdi dir="ltr">script</bdi>&gt;</p>');
  });

  test("text an editor already isolated is left alone, and a second pass changes nothing", () => {
    const isolated = '<p>الرقم <bdi dir="ltr">0944 123 456</bdi> أو <span dir="ltr">*100#</span></p>';
    expect(sanitizeContentHtml(isolated)).toBe(isolated);
    const once = sanitizeContentHtml("<ul><li>اطلب *100# أو ادفع 1,500 ل.س عبر <a href=\"https://sama.example\">Sama Cash</a></li></ul>");
    expect(sanitizeContentHtml(once)).toBe(once);
  });

  test("an editor's own tel: link to a USSD code gets its * and # escaped (a raw # would end the number)", () => {
    expect(sanitizeContentHtml('<p>اطلب <a href="tel:*100#">رصيدي</a></p>')).toBe('<p>اطلب <a href="tel:%2A100%23">رصيدي</a></p>');
    expect(sanitizeContentHtml('<a href="TEL:*130*1#">x</a>')).toBe('<a href="tel:%2A130%2A1%23">x</a>');
  });

  test("bdi is allowed with dir and lang only", () => {
    expect(sanitizeContentHtml('<p>نص <bdi dir="ltr" lang="en" class="x" onclick="alert(1)" style="color:red">Sama</bdi></p>')).toBe('<p>نص <bdi dir="ltr" lang="en">Sama</bdi></p>');
  });
});

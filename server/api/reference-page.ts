// A readable, self-contained API reference at /api-docs, rendered on the server from the OpenAPI
// document (no script, no remote assets, so it obeys the site's CSP and works offline).
interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, OperationObject>>;
}
interface OperationObject {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

function schemaBlock(schema: unknown): string {
  return schema ? `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>` : "";
}

export function renderApiReference(document: OpenApiDocument, nonce?: string): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const sections = operations
    .map(({ path, method, operation }) => {
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-");
      const parameters = (operation.parameters ?? [])
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ", required" : ""})${p.description ? ` — ${escapeHtml(p.description)}` : ""}</li>`)
        .join("");
      const body = Object.entries(operation.requestBody?.content ?? {})
        .map(([type, media]) => `<h4>Body: ${escapeHtml(type)}</h4>${schemaBlock(media.schema)}`)
        .join("");
      const responses = Object.entries(operation.responses ?? {})
        .map(([status, response]) => `<details><summary><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description ?? "")}</summary>${schemaBlock(response.content?.["application/json"]?.schema)}</details>`)
        .join("");
      return `<section id="${id}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary ?? "")}</p>${parameters ? `<h4>Parameters</h4><ul>${parameters}</ul>` : ""}${body}<h4>Responses</h4>${responses}</section>`;
    })
    .join("\n");
  const toc = operations
    .map(({ path, method }) => `<li><a href="#${`${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-")}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`)
    .join("");
  return `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(document.info.title)} — reference</title>
<style${nonce ? ` nonce="${nonce}"` : ""}>body{font:16px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace}pre{background:#f4f4f5;padding:.75rem;overflow:auto;font-size:13px}
.method{display:inline-block;min-width:4rem;color:#fff;background:#6b21a8;border-radius:4px;padding:0 .4rem;text-align:center}
section{border-top:1px solid #ddd;padding-top:.5rem}a{color:#5b21b6}</style></head>
<body><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description ?? "")}</p><p>Machine-readable: <a href="/api-docs/openapi.json">/api-docs/openapi.json</a> (OpenAPI 3.1)</p>
<nav aria-label="Operations"><ul>${toc}</ul></nav>${sections}</body></html>`;
}

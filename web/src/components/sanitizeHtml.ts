// Notice messages may hold HTML (SPEC §3). Only inert formatting survives: no scripts, no event
// handlers, no javascript: links.
const DROP = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'LINK',
  'META',
  'FORM',
  'INPUT',
  'BUTTON',
  'TEXTAREA',
  'SELECT',
  'BASE',
  'SVG',
  'MATH',
]);
const URL_ATTRS = new Set(['href', 'src', 'xlink:href', 'action', 'formaction']);

function clean(node: Element): void {
  for (const child of Array.from(node.children)) {
    if (DROP.has(child.tagName.toUpperCase())) {
      child.remove();
      continue;
    }
    for (const attr of Array.from(child.attributes)) {
      const name = attr.name.toLowerCase();
      const value = Array.from(attr.value)
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (
        name.startsWith('on') ||
        name === 'style' ||
        (URL_ATTRS.has(name) && !/^(https?:|mailto:|#|\/)/.test(value) && value !== '')
      ) {
        child.removeAttribute(attr.name);
      }
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
    clean(child);
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}

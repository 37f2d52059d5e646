// Reading back the .eml files the file mailer writes (DATA_DIR/outbox): the decoded text part and
// the attachment of a message, for tests of mail content. Enough MIME for what nodemailer writes.
interface Part {
  headers: Record<string, string>;
  body: string;
}

function parts(eml: string): Part[] {
  const boundaries = [...eml.matchAll(/boundary="?([^";\s]+)"?/gi)].map((m) => m[1]);
  let chunks = [eml.replace(/\r\n/g, '\n')];
  for (const b of boundaries)
    chunks = chunks.flatMap((c) =>
      c.split(new RegExp(`^--${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?$`, 'm')),
    );
  return chunks.map((chunk) => {
    const text = chunk.replace(/^\n/, '');
    const end = text.indexOf('\n\n');
    const head = (end < 0 ? text : text.slice(0, end)).replace(/\n[ \t]+/g, ' ');
    const headers: Record<string, string> = {};
    for (const line of head.split('\n')) {
      const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
      if (m) headers[m[1].toLowerCase()] = m[2];
    }
    return { headers, body: end < 0 ? '' : text.slice(end + 2) };
  });
}

function decode(p: Part): Buffer {
  const cte = (p.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (cte === 'base64') return Buffer.from(p.body.replace(/\s+/g, ''), 'base64');
  if (cte === 'quoted-printable') {
    const soft = p.body.replace(/=\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(p.body, 'utf8');
}

/** The message's first attachment with its file name, or null when it has none. */
export function attachmentOf(eml: string): { filename: string; content: Buffer } | null {
  const p = parts(eml).find((x) => /^attachment/i.test(x.headers['content-disposition'] ?? ''));
  if (!p) return null;
  const name = /filename="?([^";]+)"?/.exec(p.headers['content-disposition'])?.[1] ?? '';
  return { filename: name, content: decode(p) };
}

/** The message's plain text part, decoded. */
export function emlText(eml: string): string {
  const p = parts(eml).find(
    (x) =>
      /^text\/plain/i.test(x.headers['content-type'] ?? '') && !x.headers['content-disposition'],
  );
  return p ? decode(p).toString('utf8') : '';
}

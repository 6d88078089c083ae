// Reading the emails the server wrote (the fake SMTP server's, the e2e outbox's .eml files).

function splitHead(source: string): { headers: Record<string, string>; body: string } {
  const at = source.search(/\r?\n\r?\n/);
  const head = at < 0 ? source : source.slice(0, at);
  const body = at < 0 ? "" : source.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const soft = body.replace(/=\r?\n/g, "");
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
      }
      return Buffer.from(bytes).toString("utf8");
    }
    default:
      return body;
  }
}

/** The headers (names in lower case, folded lines joined) and the text/plain and text/html parts of a MIME message (multipart/alternative or mixed, as nodemailer writes it), decoded to UTF-8 with \n line ends. */
export function decodeMail(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const { headers, body } = splitHead(raw);
  const parts = { text: "", html: "" };
  const walk = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders["content-type"] ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const sections = partBody.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith("--")) break;
        const inner = splitHead(section.replace(/^\r?\n/, ""));
        walk(inner.headers, inner.body);
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders["content-transfer-encoding"]).replace(/\r\n/g, "\n");
    if (/^text\/html/i.test(type) && !parts.html) parts.html = decoded;
    else if (/^text\/plain/i.test(type) && !parts.text) parts.text = decoded;
  };
  walk(headers, body);
  return { headers, ...parts };
}

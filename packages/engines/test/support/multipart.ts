/** A multipart/form-data parser for the local servers that speak the OpenAI protocol in tests. */
export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export function parseMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) throw new Error('no boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter) + delimiter.length;
  while (start > delimiter.length - 1) {
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const chunk = body.subarray(start + 2, next - 2); // skip CRLF after the delimiter and before the next
    const headerEnd = chunk.indexOf('\r\n\r\n');
    const headers = chunk.subarray(0, headerEnd).toString('utf8');
    const disposition = /name="([^"]*)"(?:; filename="([^"]*)")?/.exec(headers);
    const type = /content-type:\s*(\S+)/i.exec(headers);
    parts.push({
      name: disposition?.[1] ?? '',
      ...(disposition?.[2] !== undefined ? { filename: disposition[2] } : {}),
      ...(type?.[1] ? { contentType: type[1] } : {}),
      data: chunk.subarray(headerEnd + 4),
    });
    start = next + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
  }
  return parts;
}

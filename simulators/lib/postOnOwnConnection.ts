import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** The receiving server's answer: its status and body; status 0 when nobody answered. */
export interface PostAnswer {
  status: number;
  text: string;
}

const NOBODY: PostAnswer = { status: 0, text: '' };

/**
 * POSTs on a connection of its own, as a provider's gateway calls a merchant back. fetch's shared
 * keep-alive pool may pick an idle connection the receiving server is just closing, or one to a stopped
 * server whose port a new one took; a POST on it fails and is not sent again, so the simulator itself
 * would lose a callback the receiver never saw.
 */
export function postOnOwnConnection(url: string, body: string, contentType: string, timeoutMs = 8000) {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(NOBODY);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.resolve(NOBODY);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = Buffer.from(body);
  return new Promise<PostAnswer>((resolve) => {
    const headers = { 'content-type': contentType, 'content-length': payload.length };
    const req = send(target, { method: 'POST', agent: false, timeout: timeoutMs, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', () => resolve(NOBODY));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve(NOBODY));
    req.end(payload);
  });
}

export const postJsonOnOwnConnection = (url: string, body: object) =>
  postOnOwnConnection(url, JSON.stringify(body), 'application/json');

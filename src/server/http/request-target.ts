/**
 * What a request asks for, checked before anything is served: its target decoded and refused
 * when it could reach outside the site, and its Host header, which the API builds URLs from.
 */
import { isIPv6 } from 'node:net';

const MAX_URL_LENGTH = 2048;

type ParsedTarget = { path: string; search: string } | { error: 400 | 414 };

/** Decodes the request target, refusing anything that could reach outside the site */
export function parseTarget(rawUrl: string | undefined): ParsedTarget {
  if (!rawUrl || !rawUrl.startsWith('/')) return { error: 400 };
  if (rawUrl.length > MAX_URL_LENGTH) return { error: 414 };
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const search = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { error: 400 };
  }
  if (/[\0\\]/.test(path) || path.includes('//')) return { error: 400 };
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return { error: 400 };
  return { path, search };
}

/** Longest Host header taken: a DNS name (253) or a bracketed IPv6 address, and a port */
const MAX_HOST_LENGTH = 260;

/** RFC 3986 unreserved and sub-delims characters, which a reg-name holds besides %HH */
function isRegNameCharacter(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    "-._~!$&'()*+,;=".includes(String.fromCharCode(code))
  );
}

function isHexDigit(character: string | undefined): boolean {
  return (
    character !== undefined &&
    character.length === 1 &&
    '0123456789abcdefABCDEF'.includes(character)
  );
}

/**
 * Whether a Host header is a valid host[:port] (RFC 9110 7.2, RFC 3986 3.2.2): a reg-name (which
 * covers IPv4 addresses) or an [IPv6] literal, then an optional port of up to 5 digits at most
 * 65535. One pass over the text, no pattern. An empty host is refused too.
 */
export function isValidHostHeader(host: string | undefined): boolean {
  if (host === undefined || host.length === 0 || host.length > MAX_HOST_LENGTH) return false;
  let portStart: number;
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close === -1 || !isIPv6(host.slice(1, close)) || host.includes('%')) return false;
    portStart = close + 1;
  } else {
    portStart = host.indexOf(':');
    if (portStart === -1) portStart = host.length;
    if (portStart === 0) return false;
    for (let index = 0; index < portStart; index++) {
      if (host[index] === '%') {
        if (!isHexDigit(host[index + 1]) || !isHexDigit(host[index + 2])) return false;
        index += 2;
      } else if (!isRegNameCharacter(host.charCodeAt(index))) {
        return false;
      }
    }
  }
  if (portStart === host.length) return true;
  if (host[portStart] !== ':') return false;
  const port = host.slice(portStart + 1);
  if (port.length === 0) return true; // RFC 3986 allows an empty port
  if (port.length > 5 || ![...port].every((digit) => digit >= '0' && digit <= '9')) return false;
  return Number(port) <= 65_535;
}

/** `path` without the slashes it ends in (a loop: the pattern /\/+$/ is quadratic on a run of slashes) */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

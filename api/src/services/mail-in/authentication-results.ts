// Reading an Authentication-Results header field (RFC 8601 §2.2): the authserv-id of the server that wrote it and
// each method's result with its properties. Comments are dropped, quoted strings unquoted; nothing is trusted here:
// sender-verdict.ts decides which header, if any, to believe.

/** One `method=result` of a header with its `ptype.property=value` properties (lower-cased names). */
export interface AuthResult {
  method: string;
  result: string;
  /** `header.from`, `header.d`, `header.i`, `smtp.mailfrom`, … as written (lower-cased names). */
  props: Record<string, string>;
}

export interface AuthenticationResults {
  /** Lower-cased; '' when the header starts with a result (Microsoft 365 writes its own so, without an id). */
  authservId: string;
  results: AuthResult[];
}

type Token = { kind: 'word'; text: string } | { kind: '=' } | { kind: ';' };

/** Words, `=` and `;`; comments (nested, with quoted-pairs) and white space separate words and are dropped. */
function tokens(value: string): Token[] {
  const out: Token[] = [];
  let word = '';
  let quoted = false;
  const flush = () => {
    if (word !== '' || quoted) out.push({ kind: 'word', text: word });
    word = '';
    quoted = false;
  };
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '"') {
      // A quoted string is one word (RFC 5322 quoted-string; quoted-pairs stand for the character they escape).
      quoted = true;
      for (i++; i < value.length && value[i] !== '"'; i++) word += value[i] === '\\' ? (value[++i] ?? '') : value[i];
    } else if (c === '(') {
      let depth = 1;
      for (i++; i < value.length && depth > 0; i++) {
        if (value[i] === '\\') i++;
        else if (value[i] === '(') depth++;
        else if (value[i] === ')') depth--;
      }
      i--;
      flush();
    } else if (c === '=' || c === ';') {
      flush();
      out.push({ kind: c });
    } else if (/\s/.test(c)) {
      flush();
    } else {
      word += c;
    }
  }
  flush();
  return out;
}

/** `method=result` and its properties, from the tokens between two `;`; null when it does not start so. */
function resinfo(part: readonly Token[]): AuthResult | null {
  const [method, equals, result] = part;
  if (method?.kind !== 'word' || equals?.kind !== '=' || result?.kind !== 'word') return null;
  const props: Record<string, string> = {};
  for (let i = 3; i + 2 < part.length; i++) {
    const [name, eq, value] = [part[i], part[i + 1], part[i + 2]];
    if (name?.kind === 'word' && eq?.kind === '=' && value?.kind === 'word') {
      const key = name.text.toLowerCase();
      // The first value of a property counts: a later repeat cannot overwrite what the server wrote first.
      if (!Object.hasOwn(props, key)) props[key] = value.text;
      i += 2;
    }
  }
  // `dkim/1=pass`: a method version is not part of its name.
  return { method: method.text.toLowerCase().replace(/\/.*$/, ''), result: result.text.toLowerCase(), props };
}

/** The value of one Authentication-Results field (without its name), unfolded or not. */
export function parseAuthenticationResults(value: string): AuthenticationResults {
  const all = tokens(value.replace(/\r?\n/g, ' '));
  const parts: Token[][] = [[]];
  for (const token of all) {
    if (token.kind === ';') parts.push([]);
    else parts.at(-1)!.push(token);
  }
  const [head, ...rest] = parts;
  // authserv-id [version]; … — or, without an id, the first part is already a result.
  const headResult = head ? resinfo(head) : null;
  const first = head?.[0];
  const authservId = headResult || first?.kind !== 'word' ? '' : first.text.toLowerCase();
  const results = [headResult, ...rest.map(resinfo)].filter((result): result is AuthResult => result !== null);
  return { authservId, results };
}

/** The Authentication-Results fields of a message's header lines (mailparser's headerLines), topmost first. */
export function authenticationResultsOf(headerLines: readonly { key: string; line: string }[]): AuthenticationResults[] {
  return headerLines
    .filter((header) => header.key.toLowerCase() === 'authentication-results')
    .map((header) => parseAuthenticationResults(header.line.replace(/^[^:]*:/, '')));
}

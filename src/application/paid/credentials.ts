/**
 * Which key a call carries, per protocol (docs/rest.md, Credentials; README "GraphQL"). A key on a
 * channel the protocol does not accept counts as missing; the 401 message then names the accepted
 * channels.
 */

export type CredentialProtocol = 'A' | 'B' | 'graphql';
type Channel = 'query' | 'body' | 'authorization' | 'xApiKey';

/** What the request carried; absent or empty means "not sent". `authorization` is the raw header. */
export interface CarriedCredentials {
  readonly query?: string | null | undefined;
  readonly body?: string | null | undefined;
  readonly authorization?: string | null | undefined;
  readonly xApiKey?: string | null | undefined;
}

export interface Credentials {
  readonly apiKey: string | null;
  /** Human text naming the accepted channels, for the UNAUTHENTICATED message. */
  readonly acceptedChannels: string;
}

const CHANNEL_LABEL: Readonly<Record<Channel, string>> = {
  query: 'the api_key query parameter',
  body: 'the api_key member of a JSON body',
  authorization: 'an Authorization: Bearer header',
  xApiKey: 'an X-API-Key header',
};

/** Channels in precedence order. */
const PRECEDENCE: Readonly<Record<CredentialProtocol, readonly Channel[]>> = {
  A: ['query', 'body', 'authorization', 'xApiKey'],
  B: ['authorization', 'query'],
  graphql: ['authorization', 'xApiKey'],
};

const ACCEPTED_TEXT: Readonly<Record<CredentialProtocol, string>> = Object.fromEntries(
  Object.entries(PRECEDENCE).map(([protocol, channels]) => [protocol, listInEnglish(channels.map((c) => CHANNEL_LABEL[c]))]),
) as Record<CredentialProtocol, string>;

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export function resolveCredentials(protocol: CredentialProtocol, carried: CarriedCredentials): Credentials {
  for (const channel of PRECEDENCE[protocol]) {
    const key = channel === 'authorization' ? bearerToken(carried.authorization) : nonEmpty(carried[channel]);
    if (key !== null) return { apiKey: key, acceptedChannels: ACCEPTED_TEXT[protocol] };
  }
  // A key sent where this protocol does not read it: say so, rather than "required" alone.
  const ignored = (Object.keys(CHANNEL_LABEL) as Channel[]).filter(
    (channel) => !PRECEDENCE[protocol].includes(channel) && nonEmpty(carried[channel]) !== null,
  );
  const malformed = nonEmpty(carried.authorization) !== null && bearerToken(carried.authorization) === null;
  const notes = [
    ...ignored.map((channel) => `${CHANNEL_LABEL[channel]} was sent, but this path does not read it`),
    ...(malformed ? ['the Authorization header was sent, but not as "Bearer <key>"'] : []),
  ];
  const accepted = ACCEPTED_TEXT[protocol];
  return { apiKey: null, acceptedChannels: notes.length === 0 ? accepted : `${accepted} (${notes.join('; ')})` };
}

function bearerToken(header: string | null | undefined): string | null {
  if (header === null || header === undefined) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

function nonEmpty(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === '' ? null : value.trim();
}

function listInEnglish(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * A subject's calendar feed as RFC 5545 text: one VCALENDAR of VEVENTs, instants in UTC (`…Z`, read
 * the same by every client whatever its zone), each event's UID stable across fetches and re-issued
 * URLs (the feed id, the kind and the instant), lines folded at 75 octets, text escaped, CRLF ends.
 */
import { createHash } from 'node:crypto';
import { ganzhiName } from '../../domain/calendar/sexagenary.ts';
import { catalogueFor } from '../../domain/catalogue/catalogues.ts';
import { FEED_WORDS } from '../../domain/catalogue/feed-words.ts';
import { langOf, type Lang } from '../../domain/catalogue/lang.ts';
import type { FeedEvent } from '../../domain/timeline/feed-events.ts';
import { labelOf } from '../../domain/vocabulary/labels.ts';

/** The feed's language (one the feed was issued with; Japanese for anything else). */
const feedLang = (feed: FeedCalendar): Lang => langOf(feed.lang) ?? 'ja';

/** `2026-02-04T05:02:00Z` → `20260204T050200Z`. */
const stamp = (unixSec: number): string =>
  new Date(unixSec * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT escaping (RFC 5545 3.3.11). */
const text = (value: string): string => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A content line folded at 75 octets, never inside a UTF-8 sequence (RFC 5545 3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // The first line holds 75 octets; a continuation 74 after its leading space.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface FeedCalendar {
  readonly feedId: string;
  readonly lang: string;
  /** When the feed was made: every event's DTSTAMP (stable, so an unchanged feed is byte for byte the same). */
  readonly createdMs: number;
  readonly zone: string;
}

function calendar(feed: FeedCalendar, events: readonly string[][]): string {
  const words = FEED_WORDS[feedLang(feed)];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//four-pillars//luck calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(words.calendar)}`,
    `X-WR-TIMEZONE:${feed.zone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
    'X-PUBLISHED-TTL:PT12H',
    ...events.flat(),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The feed's events as a calendar. */
export function feedIcs(feed: FeedCalendar, events: readonly FeedEvent[]): string {
  const words = FEED_WORDS[feedLang(feed)];
  const labels = catalogueFor(feedLang(feed)).labels;
  const dtstamp = stamp(Math.floor(feed.createdMs / 1000));
  return calendar(
    feed,
    events.map((e) => {
      const pillar = ganzhiName(e.pillar);
      const summary =
        e.kind === 'query'
          ? `${e.name!}: ${pillar}`
          : e.kind === 'major'
            ? words.major(pillar, e.index!)
            : e.kind === 'annual'
              ? words.annual(pillar, e.year!)
              : e.kind === 'monthly'
                ? words.monthly(pillar, labelOf(labels, e.term!))
                : e.level === 'annual'
                  ? words.voidYear(pillar)
                  : words.voidMonth(pillar);
      // A change is a moment (shown as a half-hour event); a 天中殺 a span, free time all along.
      const end = e.toUnixSec ?? e.fromUnixSec + 1800;
      return [
        'BEGIN:VEVENT',
        // A saved search's events are told apart by its name (a hash: the UID stays ASCII and short).
        `UID:${feed.feedId}-${e.kind === 'query' ? `q${createHash('sha256').update(e.name!).digest('hex').slice(0, 10)}` : e.kind}-${e.level}-${e.fromUnixSec}@four-pillars`,
        `DTSTAMP:${dtstamp}`,
        `DTSTART:${stamp(e.fromUnixSec)}`,
        `DTEND:${stamp(end)}`,
        `SUMMARY:${text(summary)}`,
        `CATEGORIES:${e.kind.toUpperCase()}`,
        'TRANSP:TRANSPARENT',
        'END:VEVENT',
      ];
    }),
  );
}

/** A paused feed: no events but one, today, saying why. */
export function pausedIcs(feed: FeedCalendar, cost: number, nowMs: number): string {
  const words = FEED_WORDS[feedLang(feed)];
  const day = new Date(nowMs).toISOString().slice(0, 10).replace(/-/g, '');
  const next = new Date(nowMs + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  return calendar(feed, [
    [
      'BEGIN:VEVENT',
      `UID:${feed.feedId}-paused-${day}@four-pillars`,
      `DTSTAMP:${stamp(Math.floor(nowMs / 1000))}`,
      `DTSTART;VALUE=DATE:${day}`,
      `DTEND;VALUE=DATE:${next}`,
      `SUMMARY:${text(words.paused(cost))}`,
      `DESCRIPTION:${text(words.pausedDetail)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ],
  ]);
}

/**
 * The words of a calendar feed's events, in each of the five languages (a `Record` over `Lang`, so the
 * type checker holds every language to every sentence). `{p}` a pillar (甲子), `{n}` a number, `{t}` a 節.
 */
import type { Lang } from './lang.ts';

export interface FeedWords {
  readonly calendar: string;
  readonly major: (pillar: string, index: number) => string;
  readonly annual: (pillar: string, year: number) => string;
  readonly monthly: (pillar: string, term: string) => string;
  readonly voidYear: (pillar: string) => string;
  readonly voidMonth: (pillar: string) => string;
  readonly paused: (cost: number) => string;
  readonly pausedDetail: string;
}

export const FEED_WORDS: Readonly<Record<Lang, FeedWords>> = {
  ja: {
    calendar: '四柱推命 運勢カレンダー',
    major: (p, n) => `交運: 大運 ${p}（第${n}運）`,
    annual: (p, y) => `歳運 ${p}（${y}年 立春）`,
    monthly: (p, t) => `月運 ${p}（${t}）`,
    voidYear: (p) => `天中殺の年 ${p}`,
    voidMonth: (p) => `天中殺の月 ${p}`,
    paused: (c) => `カレンダー停止中: クレジット残高不足（月${c}クレジット）`,
    pausedDetail: 'クレジットを追加すると、次の更新で予定が戻ります。カレンダーは削除されていません。',
  },
  'zh-Hans': {
    calendar: '四柱八字 运势日历',
    major: (p, n) => `交运：大运 ${p}（第${n}步）`,
    annual: (p, y) => `流年 ${p}（${y}年立春）`,
    monthly: (p, t) => `流月 ${p}（${t}）`,
    voidYear: (p) => `空亡年 ${p}`,
    voidMonth: (p) => `空亡月 ${p}`,
    paused: (c) => `日历已暂停：点数不足（每月 ${c} 点）`,
    pausedDetail: '充值点数后，下次刷新时日程即恢复。日历并未删除。',
  },
  'zh-Hant': {
    calendar: '四柱八字 運勢日曆',
    major: (p, n) => `交運：大運 ${p}（第${n}步）`,
    annual: (p, y) => `流年 ${p}（${y}年立春）`,
    monthly: (p, t) => `流月 ${p}（${t}）`,
    voidYear: (p) => `空亡年 ${p}`,
    voidMonth: (p) => `空亡月 ${p}`,
    paused: (c) => `日曆已暫停：點數不足（每月 ${c} 點）`,
    pausedDetail: '儲值點數後，下次更新時行程即恢復。日曆並未刪除。',
  },
  en: {
    calendar: 'Four Pillars luck calendar',
    major: (p, n) => `Luck pillar changes: ${p} (cycle ${n})`,
    annual: (p, y) => `Year pillar ${p} (${y}, Start of Spring)`,
    monthly: (p, t) => `Month pillar ${p} (${t})`,
    voidYear: (p) => `Void year (Kong Wang) ${p}`,
    voidMonth: (p) => `Void month (Kong Wang) ${p}`,
    paused: (c) => `Calendar paused: not enough credits (${c} a month)`,
    pausedDetail: 'Add credits and the events return at the next refresh. The calendar has not been deleted.',
  },
  ko: {
    calendar: '사주 운세 캘린더',
    major: (p, n) => `교운: 대운 ${p} (${n}번째)`,
    annual: (p, y) => `세운 ${p} (${y}년 입춘)`,
    monthly: (p, t) => `월운 ${p} (${t})`,
    voidYear: (p) => `공망년 ${p}`,
    voidMonth: (p) => `공망월 ${p}`,
    paused: (c) => `캘린더 일시 중지: 크레딧 부족 (월 ${c} 크레딧)`,
    pausedDetail: '크레딧을 충전하면 다음 새로 고침 때 일정이 돌아옵니다. 캘린더는 삭제되지 않았습니다.',
  },
};

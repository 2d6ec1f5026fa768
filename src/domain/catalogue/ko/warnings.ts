/**
 * The Korean text of the chart's warnings: a title per warning code and one sentence per situation,
 * in the terms of Korean 사주명리 (절입, 지장간, 진태양시, 야자시 and 정자시 for the two day
 * boundaries of the 자시), composed from the facts the domain found.
 * Korean names the 23:00 day boundary 정자시 and the 00:00 one 야자시 (Japanese 子初換日 / 夜子時).
 */
import type { Catalogue } from '../index.ts';
import type { PillarName } from '../ja/warnings.ts';
import type { SolarTermCode } from '../../vocabulary/codes.ts';
import { labelOf } from '../../vocabulary/labels.ts';
import { LABELS } from './labels.ts';
import type { LuckStartRange, LunarUncertainty, LunarWarning } from '../ja/warnings.ts';

const KO_LUNAR = { lunar_cn: '중국 농력', lunar_kr: '한국 음력', lunar_jp: '일본 구력' } as const;

const PILLARS = { year: '연주', month: '월주', day: '일주', hour: '시주' } as const satisfies Record<PillarName, string>;

/** `1시간 2분 30초`: a length of time in seconds, without its direction. */
export function durationText(seconds: number): string {
  const abs = Math.abs(Math.round(seconds));
  const [h, m, s] = [Math.floor(abs / 3600), Math.floor((abs % 3600) / 60), abs % 60];
  const parts = [h > 0 ? `${h}시간` : '', m > 0 ? `${m}분` : '', s > 0 || abs === 0 ? `${s}초` : ''];
  return parts.filter((part) => part !== '').join(' ');
}

/** `7분 전`, `1시간 2분 30초 후`: a signed distance in seconds. */
export const distanceText = (seconds: number): string => `${durationText(seconds)} ${seconds < 0 ? '전' : '후'}`;

const changes = (yearToo: boolean): string => (yearToo ? '연주와 월주' : '월주');
const ZOKAN_TABLES = { gettsu: '월률분야', nijuhachigen: '이십팔원' } as const;
const termLabel = (term: SolarTermCode): string => labelOf(LABELS, term);

export const WARNINGS = {
  titles: {
    TIME_NOT_GIVEN: '출생 시간 미입력',
    TIME_UNKNOWN: '출생 시간 모름(삼주)',
    NEAR_SOLAR_TERM: '절입 시각 근처',
    NEAR_HOUR_EDGE: '시지 경계 근처',
    NEAR_DAY_EDGE: '날짜 경계 근처',
    ZI_HOUR_CONVENTION: '자시 학설 차이',
    NEAR_ZOKAN_SWITCH: '지장간 교체 시점',
    NONEXISTENT_LOCAL_TIME: '존재하지 않는 시각',
    AMBIGUOUS_LOCAL_TIME: '두 번 있는 시각',
    SUMMER_TIME_IN_EFFECT: '서머타임',
    LUNAR_CALENDARS_DISAGREE: '음력 역법에 따른 날짜 차이',
    LUNAR_MONTH_UNCERTAIN: '음력 월초의 불확실성',
    LONGITUDE_FAR_FROM_ZONE: '경도와 시간대 불일치',
    LUCK_START_RANGE: '대운 시작 시기의 범위',
  },
  timeUnknown: () =>
    '출생 시간을 알 수 없어 시주를 세우지 않은 삼주(연주·월주·일주) 명식입니다. 시주와 그 지장간·십이운성·신살, 진태양시는 없으며, 오행과 십성의 개수·강약·점수도 삼주만으로 산출했습니다. 대운이 시작되는 시기처럼 시간에 따라 달라지는 것은 출생일 하루의 범위로 나타냅니다.',
  termOnBirthDay: (p) =>
    `출생일 ${p.time}에 ${termLabel(p.term)} 절입이 있습니다. 그보다 ${p.birthAfter ? '뒤에' : '앞서'} 태어났다면 ${changes(p.yearToo)}가 바뀝니다(지장간도 바뀝니다).`,
  solarDayChangeOnBirthDay: (p) =>
    `진태양시로는 출생일 ${p.time}에 날짜가 바뀝니다(진태양시 ${p.solarTime}). 그보다 ${p.birthAfter ? '뒤에' : '앞서'} 태어났다면 일주가 바뀝니다.`,
  timeNotGiven: () => '출생 시간이 입력되지 않아 시주는 12:00 출생으로 보고 산출했습니다. 시주와 그에 근거한 판단은 확정된 것이 아닙니다.',
  nearTerm: (p) =>
    `출생 시간은 ${termLabel(p.term)} 절입(${p.at}) ${distanceText(p.distanceSec)}입니다. ${changes(p.yearToo)}가 바뀔 수 있습니다(지장간도 바뀔 수 있습니다).`,
  nearHourEdge: (p) =>
    `진태양시(${p.solar})가 시지 경계(${p.edge}) ${distanceText(p.distanceSec)}입니다. 시주${p.dayToo ? '와 일주' : ''}가 바뀔 수 있습니다.`,
  nearMidnight: (p) => `진태양시(${p.solar})가 날짜 경계(0:00) ${distanceText(p.distanceSec)}입니다. 일주가 바뀔 수 있습니다.`,
  ziHour: (p) =>
    `진태양시(${p.solar})는 자시입니다. 날짜 경계를 ${p.dayBoundary}로 보는 학설(${p.dayBoundary === '23:00' ? '정자시' : '야자시'})에 따르면 ` +
    `일주는 ${p.day}, 시주는 ${p.hour}입니다(이 명식은 ${p.thisDay}·${p.thisHour}).`,
  zokanSwitch: (p) => {
    const day = `${ZOKAN_TABLES[p.table]} 지장간이 바뀌는 날${p.dayBefore ? '의 전날' : ''}입니다`;
    const pillars = p.pillars.map((pillar) => PILLARS[pillar]).join('·');
    return p.elapsed === undefined
      ? `절입일부터 ${p.n}일째는 ${day}. 날짜를 세는 방식에 따라 ${pillars}의 지장간이 바뀔 수 있습니다.`
      : `절입(${p.elapsed.termAt})부터 경과 시간으로 ${p.n}일째는 ${day}(교체 시각 ${p.elapsed.switchAt}). 출생 시간이나 날짜를 세는 방식(date)에 따라 ${pillars}의 지장간이 바뀔 수 있습니다.`;
  },
  nonexistentTime: (p) =>
    `입력한 시각(${p.asked})은 시계 변경으로 존재하지 않는 시각입니다. 변경 전의 시차로 읽었으므로 ${p.read}(${p.offset})에 해당합니다.`,
  ambiguousTime: (p) =>
    `입력한 시각(${p.asked})은 시계 변경으로 두 번 있는 시각입니다. 이른 쪽(${p.offset})으로 읽었습니다. 늦은 쪽이라면 ${p.laterMinutes}분 뒤의 출생입니다.`,
  summerTime: (p) =>
    `출생 시간을 서머타임(${p.offset}, 표준시 ${p.standard})으로 읽었습니다. 서머타임이 아니었다면 ${durationText(p.shiftSec)} 늦은 출생입니다.`,
  longitudeFar: (p) =>
    `경도 ${p.longitude}°는 ${p.zone}의 표준 자오선(${p.meridian}°)에서 ${p.degrees.toFixed(1)}° 떨어져 있습니다(진태양시는 표준시 기준 ${distanceText(p.shiftSec)}). 시간대가 맞는지 확인해 주세요.`,
  lunarDisagree: (p: LunarWarning) =>
    `${KO_LUNAR[p.calendar]}으로 이 음력 날짜는 ${p.date}입니다. ` +
    p.others
      .map((o) => (o.date === null ? `${KO_LUNAR[o.calendar]}에는 이 날짜가 없습니다` : `${KO_LUNAR[o.calendar]}으로는 ${o.date}`))
      .join(', ') +
    '. 생일을 어느 역법으로 세었는지에 따라 일주(와 시주)가 달라집니다.',
  lunarUncertain: (p: LunarUncertainty) =>
    `${KO_LUNAR[p.calendar]}의 이 달은 삭이 자정 전후 3분 이내에 있어, ΔT 예측에 따라 월초가 하루 앞당겨지거나 늦어질 수 있습니다(${p.date} 전후).`,
  luckStartRange: (p: LuckStartRange) =>
    `출생 시간을 알 수 없어 대운이 시작되는 시기는 출생일의 실제 시간에 따라 달라집니다. 첫 대운은 ${p.earliest}부터 ${p.latest} 사이에 시작되며, 각 대운의 시작과 나이도 이 범위로 나타냈습니다.`,
} satisfies Catalogue['warnings'];

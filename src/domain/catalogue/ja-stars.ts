/**
 * The Japanese names and readings (hiragana) of the special stars (神殺, docs/fields.md section 10),
 * by code. Readings as the Japanese sources print them (かいごう for 魁罡).
 */
export const JA_STARS = {
  tenotsu_kijin: { name: '天乙貴人', reading: 'てんおつきじん' },
  bunshou_kijin: { name: '文昌貴人', reading: 'ぶんしょうきじん' },
  touka: { name: '桃花', reading: 'とうか' },
  kagai: { name: '華蓋', reading: 'かがい' },
  kuubou: { name: '空亡', reading: 'くうぼう' },
  kaikou: { name: '魁罡', reading: 'かいごう' },
  youjin: { name: '羊刃', reading: 'ようじん' },
  hijin: { name: '飛刃', reading: 'ひじん' },
  jikkanroku: { name: '十干禄', reading: 'じっかんろく' },
  kinyo: { name: '金輿', reading: 'きんよ' },
  anroku: { name: '暗禄', reading: 'あんろく' },
  kouen: { name: '紅艶', reading: 'こうえん' },
  tenchu_kijin: { name: '天厨貴人', reading: 'てんちゅうきじん' },
  tenkan_kijin: { name: '天官貴人', reading: 'てんかんきじん' },
  ryuuka: { name: '流霞', reading: 'りゅうか' },
  gakudou: { name: '学堂', reading: 'がくどう' },
  tentoku_kijin: { name: '天徳貴人', reading: 'てんとくきじん' },
  tentoku_gou: { name: '天徳合', reading: 'てんとくごう' },
  gettoku_kijin: { name: '月徳貴人', reading: 'げっとくきじん' },
  gettoku_gou: { name: '月徳合', reading: 'げっとくごう' },
  ekiba: { name: '駅馬', reading: 'えきば' },
  gousatsu: { name: '劫殺', reading: 'ごうさつ' },
  boushin: { name: '亡神', reading: 'ぼうしん' },
  koshin: { name: '孤辰', reading: 'こしん' },
  kashuku: { name: '寡宿', reading: 'かしゅく' },
  ketsujin: { name: '血刃', reading: 'けつじん' },
} as const satisfies Readonly<Record<string, { readonly name: string; readonly reading: string }>>;

export type StarCode = keyof typeof JA_STARS;
export type StarTexts = Readonly<Record<StarCode, { readonly name: string; readonly reading: string }>>;

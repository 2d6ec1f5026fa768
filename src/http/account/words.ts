/** The dashboard's words in Japanese and English (`{name}` marks where a value goes). */
import type { DashboardReasonCode } from '../../application/dashboard/refusal.ts';
import type { CHANNEL_SCOPES } from '../../application/key-scopes.ts';
import type { OperationName } from '../../application/operations/index.ts';
import type { DashboardLang } from '../../application/ports/dashboard-store.ts';

/** Every scope a key can hold: the type checker holds each language to a word for each, a new operation's included. */
type ScopeName = OperationName | (typeof CHANNEL_SCOPES)[number];

export interface Words {
  readonly htmlLang: string;
  readonly title: string;
  readonly nav: {
    readonly overview: string;
    readonly keys: string;
    readonly usage: string;
    readonly logout: string;
    readonly other: string;
  };
  readonly email: string;
  readonly password: string;
  readonly newPassword: string;
  readonly passwordHint: string;
  readonly login: { readonly heading: string; readonly submit: string; readonly noAccount: string; readonly forgot: string };
  readonly signup: {
    readonly heading: string;
    readonly submit: string;
    readonly haveAccount: string;
    readonly invite: string;
    readonly inviteOnly: string;
    readonly done: string;
  };
  readonly verify: {
    readonly heading: string;
    readonly confirm: string;
    readonly submit: string;
    readonly done: string;
    readonly again: string;
  };
  readonly reset: {
    readonly heading: string;
    readonly submit: string;
    readonly sent: string;
    readonly confirmHeading: string;
    readonly confirmSubmit: string;
    readonly done: string;
  };
  readonly overview: {
    readonly heading: string;
    readonly account: string;
    readonly plan: string;
    readonly status: string;
    readonly monthly: string;
    readonly auto: string;
    readonly total: string;
    readonly month: string;
    readonly operation: string;
    readonly calls: string;
    readonly credits: string;
    readonly none: string;
    readonly chart: string;
    readonly autocharge: string;
    readonly autochargeHelp: string;
    readonly threshold: string;
    readonly amount: string;
    readonly save: string;
    readonly saved: string;
    readonly suspended: string;
    readonly statuses: Readonly<Record<string, string>>;
  };
  readonly keys: {
    readonly heading: string;
    readonly name: string;
    readonly keyId: string;
    readonly scopes: string;
    readonly allScopes: string;
    readonly created: string;
    readonly lastUsed: string;
    readonly never: string;
    readonly expires: string;
    readonly noExpiry: string;
    readonly expired: string;
    readonly revoke: string;
    readonly revoked: string;
    readonly none: string;
    readonly create: string;
    readonly expiresHelp: string;
    readonly scopeHelp: Readonly<Record<string, string> & Record<ScopeName, string>>;
    readonly submit: string;
    readonly shownOnce: string;
    readonly newKey: string;
  };
  readonly usage: {
    readonly heading: string;
    readonly at: string;
    readonly transaction: string;
    readonly operation: string;
    readonly cost: string;
    readonly fromMonthly: string;
    readonly fromAuto: string;
    readonly autocharged: string;
    readonly voided: string;
    readonly older: string;
    readonly none: string;
    readonly statements: string;
    readonly month: string;
    readonly calls: string;
    readonly csv: string;
  };
  readonly forbidden: string;
  readonly expiredForm: string;
  readonly notFound: string;
  readonly unavailable: string;
  readonly problems: Readonly<Record<DashboardReasonCode, string>>;
}

const JA: Words = {
  htmlLang: 'ja',
  title: '四柱推命 API アカウント',
  nav: { overview: '概要', keys: 'API キー', usage: '利用履歴', logout: 'ログアウト', other: 'English' },
  email: 'メールアドレス',
  password: 'パスワード',
  newPassword: '新しいパスワード',
  passwordHint: '12 文字以上。よく使われるものやメールアドレスを含むものは使えません。',
  login: { heading: 'ログイン', submit: 'ログイン', noAccount: 'アカウントを作る', forgot: 'パスワードを忘れた' },
  signup: {
    heading: 'アカウントを作る',
    submit: '登録する',
    haveAccount: 'ログインする',
    invite: '招待コード',
    inviteOnly: '登録は招待制です。運営者から届いた招待リンクから登録してください。',
    done: '確認のメールを送りました。メールのリンクを開くと登録が完了します（届かない場合は迷惑メールのフォルダもご確認ください）。',
  },
  verify: {
    heading: 'メールアドレスの確認',
    confirm: 'ボタンを押すと、このメールアドレスの確認が完了します。',
    submit: '確認する',
    done: 'メールアドレス {email} を確認しました。ログインしてください。',
    again: 'このリンクは使えません（期限切れか使用済み）。ログインすると確認メールを送り直します。',
  },
  reset: {
    heading: 'パスワードの再設定',
    submit: '再設定のメールを送る',
    sent: 'このアドレスにアカウントがあれば、再設定のリンクを送りました（1 時間有効）。',
    confirmHeading: '新しいパスワード',
    confirmSubmit: 'パスワードを変える',
    done: 'パスワードを変えました。すべての端末からログアウトしました。新しいパスワードでログインしてください。',
  },
  overview: {
    heading: '概要',
    account: 'アカウント',
    plan: 'プラン',
    status: '状態',
    monthly: '月間クレジット',
    auto: 'オートクレジット',
    total: '合計',
    month: '{month} の利用（東京時間の月）',
    operation: '操作',
    calls: '回数',
    credits: 'クレジット',
    none: '今月の利用はまだありません。',
    chart: '操作ごとのクレジット',
    autocharge: 'オートチャージ',
    autochargeHelp:
      '残高の合計がしきい値を下回ると、追加額のクレジットを購入してオートクレジットに足します（口座に請求され、明細に載ります。追加額 0 でオフ）。下げることとオフにすることはいつでもできます。上げられる上限（運営者が設定）: しきい値 {threshold}、追加額 {amount}。',
    threshold: 'しきい値',
    amount: '追加額',
    save: '保存する',
    saved: '保存しました。',
    suspended: 'このアカウントは停止されています。API キーは使えません。運営者にお問い合わせください。',
    statuses: { active: '有効', suspended: '停止中', deleted: '削除済み' },
  },
  keys: {
    heading: 'API キー',
    name: '名前',
    keyId: 'キー ID',
    scopes: '権限',
    allScopes: 'すべて',
    created: '作成',
    lastUsed: '最終利用（およそ）',
    never: '未使用',
    expires: '有効期限',
    noExpiry: 'なし',
    expired: '期限切れ',
    revoke: '失効させる',
    revoked: 'キー {keyId} を失効させました。',
    none: 'キーはまだありません。',
    create: '新しいキー',
    expiresHelp: 'この日の終わり（東京時間）まで有効。空欄なら無期限。',
    scopeHelp: {
      chart: '命式（chart）',
      compatibility: '相性（compatibility）',
      report: '鑑定書の PDF（report）',
      mcp: 'MCP から使う（mcp）',
      account: 'API で残高・履歴を読む（account）',
    },
    submit: 'キーを作る',
    shownOnce: 'このキーは今だけ表示します。安全な場所に保存してください。',
    newKey: '新しい API キー',
  },
  usage: {
    heading: '利用履歴',
    at: '日時',
    transaction: '取引 ID',
    operation: '操作',
    cost: 'クレジット',
    fromMonthly: '月間から',
    fromAuto: 'オートから',
    autocharged: 'オートチャージ',
    voided: '取消',
    older: '古い履歴',
    none: '履歴はまだありません。',
    statements: '月次明細',
    month: '月',
    calls: '回数',
    csv: 'CSV',
  },
  forbidden: 'フォームの有効期限が切れたか、別のサイトから送られました。ページを開き直してやり直してください。',
  expiredForm: 'セッションが切れました。もう一度ログインしてください。',
  notFound: 'ページが見つかりません。',
  unavailable: 'ただいま混み合っているか、保守中です。少し待ってからやり直してください。',
  problems: {
    email_invalid: 'メールアドレスの形式が正しくありません。',
    password_short: 'パスワードは {min} 文字以上にしてください。',
    password_long: 'パスワードは {max} 文字以内にしてください。',
    password_common: 'よく使われるパスワードは使えません。',
    password_contains_email: 'メールアドレスを含むパスワードは使えません。',
    invite_required: '登録は招待制です。招待リンクから登録してください。',
    invite_invalid: '招待コードが使えません（期限切れ、使用済み、または別のアドレス宛て）。',
    token_invalid: 'このリンクは使えません（期限切れか使用済み）。',
    login_failed: 'メールアドレスかパスワードが違います。',
    not_verified: 'メールアドレスがまだ確認されていません。確認のメールを送り直しました。',
    throttled: '試行が多すぎるため、しばらく受け付けません。{minutes} 分後にやり直してください。',
    autocharge_threshold_range: 'しきい値は 0 から {max} までの整数にしてください。',
    autocharge_amount_range: '追加額は 0 から {max} までの整数にしてください。',
    autocharge_unavailable:
      'オートチャージはクレジットの購入です。この口座ではまだ有効にできません（運営者が上限を設定します）。下げることとオフにすることはいつでもできます。',
    key_name_invalid: 'キーの名前は 1〜64 文字にしてください（制御文字は使えません）。',
    key_scopes_empty: '権限を一つ以上選んでください。',
    key_scope_unknown: '知らない権限です: {scope}',
    key_expiry_invalid: '有効期限は明日以降、{days} 日以内の日付（YYYY-MM-DD）にしてください。',
    key_not_found: 'そのキーはありません（失効済みかもしれません）。',
    account_closed: 'このアカウントは削除されています。',
    account_suspended: 'このアカウントは停止されているため、変更できません。',
    key_limit: 'キーは {max} 本までです。使わないキーを失効させてください。',
    month_invalid: '月は YYYY-MM で指定してください。',
  },
};

const EN: Words = {
  htmlLang: 'en',
  title: 'Four Pillars API account',
  nav: { overview: 'Overview', keys: 'API keys', usage: 'Usage', logout: 'Log out', other: '日本語' },
  email: 'E-mail address',
  password: 'Password',
  newPassword: 'New password',
  passwordHint: 'At least 12 characters; common passwords and ones containing your e-mail address are refused.',
  login: { heading: 'Log in', submit: 'Log in', noAccount: 'Create an account', forgot: 'Forgot your password?' },
  signup: {
    heading: 'Create an account',
    submit: 'Sign up',
    haveAccount: 'Log in',
    invite: 'Invitation code',
    inviteOnly: 'Sign-up is by invitation: use the link in the invitation you received.',
    done: 'We sent you a mail: open its link to finish signing up (look in the spam folder if it does not arrive).',
  },
  verify: {
    heading: 'Confirm your e-mail address',
    confirm: 'Press the button to confirm this e-mail address.',
    submit: 'Confirm',
    done: 'The address {email} is confirmed. Log in now.',
    again: 'This link cannot be used (expired or used). Log in and we send a new one.',
  },
  reset: {
    heading: 'Reset your password',
    submit: 'Send the reset mail',
    sent: 'If this address has an account, a reset link is on its way (valid for 1 hour).',
    confirmHeading: 'Choose a new password',
    confirmSubmit: 'Change the password',
    done: 'Your password is changed and every device is logged out. Log in with the new password.',
  },
  overview: {
    heading: 'Overview',
    account: 'Account',
    plan: 'Plan',
    status: 'Status',
    monthly: 'Monthly credits',
    auto: 'Auto credits',
    total: 'Total',
    month: 'Usage in {month} (Tokyo calendar month)',
    operation: 'Operation',
    calls: 'Calls',
    credits: 'Credits',
    none: 'No calls this month yet.',
    chart: 'Credits by operation',
    autocharge: 'Autocharge',
    autochargeHelp:
      'When the total balance falls below the threshold, the amount is bought and added to the auto credits (billed to the account and shown on the statement; amount 0 turns it off). You can always lower it or turn it off; raising it is allowed up to the ceiling the operator sets: threshold {threshold}, amount {amount}.',
    threshold: 'Threshold',
    amount: 'Amount',
    save: 'Save',
    saved: 'Saved.',
    suspended: 'This account is suspended: its API keys are refused. Contact the operator of this service.',
    statuses: { active: 'active', suspended: 'suspended', deleted: 'deleted' },
  },
  keys: {
    heading: 'API keys',
    name: 'Name',
    keyId: 'Key id',
    scopes: 'Scopes',
    allScopes: 'all',
    created: 'Created',
    lastUsed: 'Last used (about)',
    never: 'never',
    expires: 'Expires',
    noExpiry: 'never',
    expired: 'expired',
    revoke: 'Revoke',
    revoked: 'Key {keyId} is revoked.',
    none: 'No keys yet.',
    create: 'New key',
    expiresHelp: 'Valid through the end of this day (Tokyo time); empty for no expiry.',
    scopeHelp: {
      chart: 'Charts (chart)',
      compatibility: 'Compatibility (compatibility)',
      report: 'Readings as PDF (report)',
      mcp: 'Use over MCP (mcp)',
      account: 'Read balance and usage through the API (account)',
    },
    submit: 'Create the key',
    shownOnce: 'This key is shown only now: store it somewhere safe.',
    newKey: 'Your new API key',
  },
  usage: {
    heading: 'Usage',
    at: 'Time',
    transaction: 'Transaction id',
    operation: 'Operation',
    cost: 'Credits',
    fromMonthly: 'From monthly',
    fromAuto: 'From auto',
    autocharged: 'Autocharged',
    voided: 'Voided',
    older: 'Older entries',
    none: 'No usage yet.',
    statements: 'Monthly statements',
    month: 'Month',
    calls: 'Calls',
    csv: 'CSV',
  },
  forbidden: 'This form has expired or was sent from another site. Open the page again and retry.',
  expiredForm: 'Your session has ended. Log in again.',
  notFound: 'No such page.',
  unavailable: 'The service is busy or under maintenance. Retry in a moment.',
  problems: {
    email_invalid: 'This is not an e-mail address.',
    password_short: 'The password must be at least {min} characters.',
    password_long: 'The password must be at most {max} characters.',
    password_common: 'This password is too common.',
    password_contains_email: 'The password must not contain your e-mail address.',
    invite_required: 'Sign-up is by invitation: use the link in your invitation.',
    invite_invalid: 'This invitation cannot be used (expired, used, or for another address).',
    token_invalid: 'This link cannot be used (expired or used).',
    login_failed: 'The e-mail address or the password is wrong.',
    not_verified: 'Your e-mail address is not confirmed yet: we sent the confirmation mail again.',
    throttled: 'Too many attempts: try again in {minutes} minutes.',
    autocharge_threshold_range: 'The threshold must be a whole number from 0 to {max}.',
    autocharge_amount_range: 'The amount must be a whole number from 0 to {max}.',
    autocharge_unavailable:
      'Autocharge buys credits, and this account cannot turn it on yet: the operator sets its ceiling. You can always lower it or turn it off.',
    key_name_invalid: 'A key name is 1–64 characters, without control characters.',
    key_scopes_empty: 'Choose at least one scope.',
    key_scope_unknown: 'Unknown scope: {scope}',
    key_expiry_invalid: 'The expiry must be a date (YYYY-MM-DD) from tomorrow to {days} days ahead.',
    key_not_found: 'There is no such key (it may be revoked already).',
    account_closed: 'This account is deleted.',
    account_suspended: 'This account is suspended: nothing can be changed.',
    key_limit: 'An account holds at most {max} keys: revoke one you do not use.',
    month_invalid: 'The month must be YYYY-MM.',
  },
};

export const WORDS: Readonly<Record<DashboardLang, Words>> = { ja: JA, en: EN };

export const fill = (template: string, values: Readonly<Record<string, string | number>> = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));

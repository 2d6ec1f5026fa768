/** The dashboard's mails, in the user's language (Japanese or English). Plain text: links as they are. */
import type { DashboardLang } from '../ports/dashboard-store.ts';

interface MailText {
  readonly subject: string;
  readonly text: string;
}

interface Mails {
  verify(link: string): MailText;
  reset(link: string): MailText;
  alreadyRegistered(loginLink: string, resetLink: string): MailText;
}

const MAILS: Readonly<Record<DashboardLang, Mails>> = {
  ja: {
    verify: (link) => ({
      subject: '四柱推命 API: メールアドレスの確認',
      text: `アカウントの登録ありがとうございます。次のリンクを開いてメールアドレスを確認してください（24時間有効、一度だけ使えます）。\n\n${link}\n\nお心当たりがない場合は、このメールを破棄してください。`,
    }),
    reset: (link) => ({
      subject: '四柱推命 API: パスワードの再設定',
      text: `パスワード再設定の依頼を受け付けました。次のリンクから新しいパスワードを設定してください（1時間有効、一度だけ使えます）。\n\n${link}\n\nお心当たりがない場合は、このメールを破棄してください。パスワードは変わりません。`,
    }),
    alreadyRegistered: (loginLink, resetLink) => ({
      subject: '四柱推命 API: このアドレスは登録済みです',
      text: `このメールアドレスで新規登録が試みられましたが、すでにアカウントがあります。\n\nログイン: ${loginLink}\nパスワードを忘れた場合: ${resetLink}\n\nお心当たりがない場合は、このメールを破棄してください。`,
    }),
  },
  en: {
    verify: (link) => ({
      subject: 'Four Pillars API: confirm your e-mail address',
      text: `Thank you for signing up. Open this link to confirm your e-mail address (valid for 24 hours, once):\n\n${link}\n\nIf you did not sign up, ignore this mail.`,
    }),
    reset: (link) => ({
      subject: 'Four Pillars API: reset your password',
      text: `A password reset was requested. Choose a new password here (valid for 1 hour, once):\n\n${link}\n\nIf you did not ask for it, ignore this mail: your password stays as it is.`,
    }),
    alreadyRegistered: (loginLink, resetLink) => ({
      subject: 'Four Pillars API: this address already has an account',
      text: `Someone tried to sign up with this e-mail address, which already has an account.\n\nLog in: ${loginLink}\nForgot your password: ${resetLink}\n\nIf it was not you, ignore this mail.`,
    }),
  },
};

export const dashboardMail = (lang: DashboardLang): Mails => MAILS[lang];

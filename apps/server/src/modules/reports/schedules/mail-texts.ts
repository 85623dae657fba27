import type { LocaleCode } from '@lbs/contracts';

/** The e-mail of a scheduled report, in the six languages of the product (the report's title comes from report-texts). */
interface MailTexts {
  subject: string;
  greeting: string;
  attached: string;
  link: string;
  rows: string;
  schedule: string;
  why: string;
  daily: string;
  weekly: string;
  monthly: string;
  monthlyLast: string;
}

const TEXTS: Record<LocaleCode, MailTexts> = {
  'en-US': {
    subject: '{{name}}: {{report}}, {{from}} – {{to}}',
    greeting: 'Hello,',
    attached: 'The report “{{report}}” of {{company}} for {{from}} – {{to}} is attached ({{file}}).',
    link: 'The report “{{report}}” of {{company}} for {{from}} – {{to}} is too large to attach. Download it here until {{expires}}: {{url}}',
    rows: 'Rows: {{rows}}',
    schedule: 'Schedule “{{name}}”: {{description}}.',
    why: 'You receive this because {{owner}} added you to this schedule.',
    daily: 'every day at {{time}} ({{timeZone}})',
    weekly: 'every {{weekday}} at {{time}} ({{timeZone}})',
    monthly: 'on day {{day}} of every month at {{time}} ({{timeZone}})',
    monthlyLast: 'on the last day of every month at {{time}} ({{timeZone}})',
  },
  'ar-SA': {
    subject: '{{name}}: {{report}}، {{from}} – {{to}}',
    greeting: 'مرحبًا،',
    attached: 'مرفق تقرير «{{report}}» لشركة {{company}} عن الفترة {{from}} – {{to}} ({{file}}).',
    link: 'تقرير «{{report}}» لشركة {{company}} عن الفترة {{from}} – {{to}} أكبر من أن يُرفق. نزّله من هنا حتى {{expires}}: {{url}}',
    rows: 'عدد الصفوف: {{rows}}',
    schedule: 'الجدولة «{{name}}»: {{description}}.',
    why: 'تصلك هذه الرسالة لأن {{owner}} أضافك إلى هذه الجدولة.',
    daily: 'كل يوم الساعة {{time}} ({{timeZone}})',
    weekly: 'كل {{weekday}} الساعة {{time}} ({{timeZone}})',
    monthly: 'في اليوم {{day}} من كل شهر الساعة {{time}} ({{timeZone}})',
    monthlyLast: 'في آخر يوم من كل شهر الساعة {{time}} ({{timeZone}})',
  },
  'zh-Hans-CN': {
    subject: '{{name}}：{{report}}，{{from}} – {{to}}',
    greeting: '您好：',
    attached: '附件为 {{company}} 在 {{from}} – {{to}} 期间的报表“{{report}}”（{{file}}）。',
    link: '{{company}} 在 {{from}} – {{to}} 期间的报表“{{report}}”过大，无法作为附件发送。请在 {{expires}} 之前通过此链接下载：{{url}}',
    rows: '行数：{{rows}}',
    schedule: '计划“{{name}}”：{{description}}。',
    why: '您收到此邮件，是因为 {{owner}} 将您添加到了此计划中。',
    daily: '每天 {{time}}（{{timeZone}}）',
    weekly: '每{{weekday}} {{time}}（{{timeZone}}）',
    monthly: '每月 {{day}} 日 {{time}}（{{timeZone}}）',
    monthlyLast: '每月最后一天 {{time}}（{{timeZone}}）',
  },
  'it-IT': {
    subject: '{{name}}: {{report}}, {{from}} – {{to}}',
    greeting: 'Buongiorno,',
    attached:
      'In allegato il report “{{report}}” di {{company}} per il periodo {{from}} – {{to}} ({{file}}).',
    link: 'Il report “{{report}}” di {{company}} per il periodo {{from}} – {{to}} è troppo grande per essere allegato. Scaricalo da qui entro {{expires}}: {{url}}',
    rows: 'Righe: {{rows}}',
    schedule: 'Pianificazione “{{name}}”: {{description}}.',
    why: 'Ricevi questo messaggio perché {{owner}} ti ha aggiunto a questa pianificazione.',
    daily: 'ogni giorno alle {{time}} ({{timeZone}})',
    weekly: 'ogni {{weekday}} alle {{time}} ({{timeZone}})',
    monthly: 'il giorno {{day}} di ogni mese alle {{time}} ({{timeZone}})',
    monthlyLast: 'l’ultimo giorno di ogni mese alle {{time}} ({{timeZone}})',
  },
  es: {
    subject: '{{name}}: {{report}}, {{from}} – {{to}}',
    greeting: 'Hola:',
    attached: 'Se adjunta el informe «{{report}}» de {{company}} del periodo {{from}} – {{to}} ({{file}}).',
    link: 'El informe «{{report}}» de {{company}} del periodo {{from}} – {{to}} es demasiado grande para adjuntarlo. Descárguelo aquí antes de {{expires}}: {{url}}',
    rows: 'Filas: {{rows}}',
    schedule: 'Programación «{{name}}»: {{description}}.',
    why: 'Recibe este mensaje porque {{owner}} le añadió a esta programación.',
    daily: 'todos los días a las {{time}} ({{timeZone}})',
    weekly: 'cada {{weekday}} a las {{time}} ({{timeZone}})',
    monthly: 'el día {{day}} de cada mes a las {{time}} ({{timeZone}})',
    monthlyLast: 'el último día de cada mes a las {{time}} ({{timeZone}})',
  },
  'fr-FR': {
    subject: '{{name}} : {{report}}, {{from}} – {{to}}',
    greeting: 'Bonjour,',
    attached:
      'Vous trouverez ci-joint le rapport « {{report}} » de {{company}} pour la période {{from}} – {{to}} ({{file}}).',
    link: 'Le rapport « {{report}} » de {{company}} pour la période {{from}} – {{to}} est trop volumineux pour être joint. Téléchargez-le ici avant le {{expires}} : {{url}}',
    rows: 'Lignes : {{rows}}',
    schedule: 'Planification « {{name}} » : {{description}}.',
    why: 'Vous recevez ce message car {{owner}} vous a ajouté à cette planification.',
    daily: 'tous les jours à {{time}} ({{timeZone}})',
    weekly: 'chaque {{weekday}} à {{time}} ({{timeZone}})',
    monthly: 'le {{day}} de chaque mois à {{time}} ({{timeZone}})',
    monthlyLast: 'le dernier jour de chaque mois à {{time}} ({{timeZone}})',
  },
};

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));

/** An ISO weekday's name in a language (1 Monday … 7 Sunday). */
function weekdayName(locale: LocaleCode, isoWeekday: number): string {
  // 2024-01-01 was a Monday.
  const day = new Date(Date.UTC(2024, 0, isoWeekday, 12));
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(day);
}

export interface MailInput {
  locale: LocaleCode;
  name: string;
  report: string;
  company: string;
  from: string;
  to: string;
  rows: number;
  owner: string;
  preset: 'daily' | 'weekly' | 'monthly';
  weekday: number | null;
  monthDay: string | null;
  time: string;
  timeZone: string;
  /** Attached file name, or the download link and its expiry. */
  file?: string;
  link?: { url: string; expires: Date };
}

/** The schedule in words (the mail's footer), e.g. “every Monday at 07:00 (Europe/Rome)”. */
export function describePreset(
  input: Pick<MailInput, 'locale' | 'preset' | 'weekday' | 'monthDay' | 'time' | 'timeZone'>,
) {
  const t = TEXTS[input.locale];
  const values = { time: input.time, timeZone: input.timeZone };
  switch (input.preset) {
    case 'daily':
      return fill(t.daily, values);
    case 'weekly':
      return fill(t.weekly, { ...values, weekday: weekdayName(input.locale, input.weekday ?? 1) });
    case 'monthly':
      return input.monthDay === 'last'
        ? fill(t.monthlyLast, values)
        : fill(t.monthly, { ...values, day: input.monthDay ?? '1' });
  }
}

/** Subject and text of a scheduled report's e-mail in the given language. */
export function reportMail(input: MailInput): { subject: string; text: string } {
  const t = TEXTS[input.locale];
  const values = {
    name: input.name,
    report: input.report,
    company: input.company,
    from: input.from,
    to: input.to,
    rows: new Intl.NumberFormat(input.locale).format(input.rows),
    owner: input.owner,
    file: input.file ?? '',
    url: input.link?.url ?? '',
    expires: input.link
      ? new Intl.DateTimeFormat(input.locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: input.timeZone,
        }).format(input.link.expires)
      : '',
  };
  const text = [
    t.greeting,
    '',
    fill(input.link ? t.link : t.attached, values),
    fill(t.rows, values),
    '',
    fill(t.schedule, { name: input.name, description: describePreset(input) }),
    fill(t.why, values),
  ].join('\n');
  return { subject: fill(t.subject, values), text };
}

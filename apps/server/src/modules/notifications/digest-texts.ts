import type { LocaleCode } from '@lbs/contracts';
import type { PluralForms } from './texts.ts';

/**
 * The words of digest e-mails and SMS in the six languages of the product. `{{n}}` is a count written with its
 * plural form (Intl.PluralRules: Arabic has six, Chinese one; Italian, Spanish and French say "de" with millions),
 * `{{rule}}` the rule's name. The SMS forms keep to the GSM alphabet where the language allows (straight quotes), so
 * an SMS holds 160 characters rather than 70.
 */
interface DigestTexts {
  /** The subject and heading: "N notifications from the rule X". */
  count: PluralForms;
  /** The period the digest covers (`{{range}}`: the hour, or the day, in the company's time zone). */
  period: string;
  /** The last line when the list is cut: "… and N more". */
  more: PluralForms;
  /** The link to the inbox. */
  open: string;
  /** The whole SMS: "N new notifications from the rule X". */
  sms: PluralForms;
}

export const DIGEST_TEXTS: Record<LocaleCode, DigestTexts> = {
  'en-US': {
    count: {
      one: '{{n}} notification from the rule “{{rule}}”',
      other: '{{n}} notifications from the rule “{{rule}}”',
    },
    period: 'Period: {{range}}',
    more: { other: '… and {{n}} more' },
    open: 'See them all in the portal: {{url}}',
    sms: {
      one: '{{n}} new notification from the rule "{{rule}}"',
      other: '{{n}} new notifications from the rule "{{rule}}"',
    },
  },
  'zh-Hans-CN': {
    count: { other: '通知规则“{{rule}}”的 {{n}} 条通知' },
    period: '时段：{{range}}',
    more: { other: '……另有 {{n}} 条' },
    open: '在门户中查看全部通知：{{url}}',
    sms: { other: '通知规则“{{rule}}”有 {{n}} 条新通知' },
  },
  'ar-SA': {
    count: {
      zero: 'لا إشعارات من القاعدة «{{rule}}»',
      one: 'إشعار واحد من القاعدة «{{rule}}»',
      two: 'إشعاران من القاعدة «{{rule}}»',
      few: '{{n}} إشعارات من القاعدة «{{rule}}»',
      many: '{{n}} إشعارًا من القاعدة «{{rule}}»',
      other: '{{n}} إشعار من القاعدة «{{rule}}»',
    },
    period: 'الفترة: {{range}}',
    more: {
      one: '… وإشعار آخر',
      two: '… وإشعاران آخران',
      few: '… و{{n}} إشعارات أخرى',
      many: '… و{{n}} إشعارًا آخر',
      other: '… و{{n}} إشعار آخر',
    },
    open: 'اطّلع عليها كلها في البوابة: {{url}}',
    sms: {
      zero: 'لا إشعارات جديدة من القاعدة «{{rule}}»',
      one: 'إشعار جديد من القاعدة «{{rule}}»',
      two: 'إشعاران جديدان من القاعدة «{{rule}}»',
      few: '{{n}} إشعارات جديدة من القاعدة «{{rule}}»',
      many: '{{n}} إشعارًا جديدًا من القاعدة «{{rule}}»',
      other: '{{n}} إشعار جديد من القاعدة «{{rule}}»',
    },
  },
  'it-IT': {
    count: {
      one: '{{n}} notifica dalla regola “{{rule}}”',
      many: '{{n}} di notifiche dalla regola “{{rule}}”',
      other: '{{n}} notifiche dalla regola “{{rule}}”',
    },
    period: 'Periodo: {{range}}',
    more: { one: '… e un’altra ancora', other: '… e altre {{n}}' },
    open: 'Vedile tutte nel portale: {{url}}',
    sms: {
      one: '{{n}} nuova notifica dalla regola "{{rule}}"',
      many: '{{n}} di nuove notifiche dalla regola "{{rule}}"',
      other: '{{n}} nuove notifiche dalla regola "{{rule}}"',
    },
  },
  es: {
    count: {
      one: '{{n}} notificación de la regla «{{rule}}»',
      many: '{{n}} de notificaciones de la regla «{{rule}}»',
      other: '{{n}} notificaciones de la regla «{{rule}}»',
    },
    period: 'Periodo: {{range}}',
    more: { other: '… y {{n}} más' },
    open: 'Véalas todas en el portal: {{url}}',
    sms: {
      one: '{{n}} notificación nueva de la regla "{{rule}}"',
      many: '{{n}} de notificaciones nuevas de la regla "{{rule}}"',
      other: '{{n}} notificaciones nuevas de la regla "{{rule}}"',
    },
  },
  'fr-FR': {
    count: {
      one: '{{n}} notification de la règle « {{rule}} »',
      many: '{{n}} de notifications de la règle « {{rule}} »',
      other: '{{n}} notifications de la règle « {{rule}} »',
    },
    period: 'Période : {{range}}',
    more: { one: '… et {{n}} autre', other: '… et {{n}} autres' },
    open: 'Retrouvez-les toutes dans le portail : {{url}}',
    sms: {
      one: '{{n}} nouvelle notification de la règle "{{rule}}"',
      many: '{{n}} de nouvelles notifications de la règle "{{rule}}"',
      other: '{{n}} nouvelles notifications de la règle "{{rule}}"',
    },
  },
};

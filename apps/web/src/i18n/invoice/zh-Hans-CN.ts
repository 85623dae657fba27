import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** 简体中文 (zh-Hans-CN). */
const strings: LocaleStrings<typeof en, 'zh-Hans-CN'> = {
  'dueInvoice.locked': '贵机构有一张未付发票。付清之前门户将保持锁定，请联系您的客户经理。',
  'invoice.number': '发票',
  'invoice.client': '客户',
  'invoice.issued': '开具日期',
  'invoice.dueOn': '到期日',
  'invoice.grandTotal': '总金额',
  'invoice.status': '状态',
  'invoice.status.DUE': '待付',
  'invoice.status.OVERDUE': '逾期',
  'invoice.status.PAID': '已付',
};

export default strings;

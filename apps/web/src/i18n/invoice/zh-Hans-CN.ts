import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** 简体中文 (zh-Hans-CN). */
const strings: LocaleStrings<typeof en, 'zh-Hans-CN'> = {
  'dueInvoice.locked': '贵机构有一张未付发票。付清之前门户将保持锁定，请联系您的客户经理。',
  'dueInvoice.howToPay.title': '付款方式',
  'dueInvoice.howToPay.text':
    '请通过银行转账付款，并在付款附言中注明发票号码，以便将款项与发票对应。如对发票有疑问，请联系您的客户经理。',
  'invoice.number': '发票',
  'invoice.client': '客户',
  'invoice.period': '账期',
  'invoice.issued': '开具日期',
  'invoice.dueOn': '到期日',
  'invoice.grandTotal': '总金额',
  'invoice.balance': '未付余额',
  'invoice.status': '状态',
  'invoice.status.DRAFT': '草稿',
  'invoice.status.ISSUED': '已开具',
  'invoice.status.PARTIALLY_PAID': '部分已付',
  'invoice.status.PAID': '已付',
  'invoice.status.VOID': '已作废',
  'invoice.overdue': '逾期',
  'invoice.downloadPdf': '下载 PDF',
  'invoice.downloadPdfOf': '下载 {{number}} 的 PDF',
  'invoice.downloadFailed': '无法下载 PDF，请重试。',
};

export default strings;

import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** 简体中文 (zh-Hans-CN). */
const strings: LocaleStrings<typeof en, 'zh-Hans-CN'> = {
  'settings.title': '设置',
  'settings.themeStyle': '主题风格',
  'settings.themeStyle.standard': '标准',
  'settings.themeStyle.modern': '现代',
  'settings.mode': '模式',
  'settings.mode.light': '浅色',
  'settings.mode.dark': '深色',
  'settings.language': '语言',
  'settings.layout': '布局',
  'settings.layout.full-width': '全宽',
  'settings.layout.boxed': '盒式',
  'settings.layout.framed': '带边框',
  'settings.header': '页眉',
  'settings.footer': '页脚',
  'settings.footer.show': '显示页脚',
  'settings.position.fixed': '固定',
  'settings.position.fluid': '流动',
  'settings.menuStyle': '侧边栏菜单样式',
  'settings.menuStyle.default': '默认',
  'settings.menuStyle.standard': '标准',
  'settings.menuStyle.rounded': '圆角',
  'settings.menuStyle.rounded-reverse': '反向圆角',
  'settings.menuStyle.curved': '弧形',
  'settings.sidebarColors': '侧边栏配色',
  'settings.sidebarColors.dark': '深色',
  'settings.sidebarColors.light': '浅色',
  'settings.sidebarColors.ocean': '海洋',
  'settings.sidebarColors.midnight': '午夜',
  'settings.sidebarColors.forest': '森林',
  'settings.sidebarImage': '侧边栏背景图片',
  'settings.sidebarImage.show': '显示背景图片',
  'settings.sidebarImage.waves': '波浪',
  'settings.sidebarImage.aurora': '极光',
  'settings.sidebarImage.grid': '地图网格',
  'settings.sidebarImage.dunes': '沙丘',
  'settings.reset': '恢复默认设置',
};

export default strings;

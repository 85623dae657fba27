import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** 简体中文 (zh-Hans-CN). */
const strings: LocaleStrings<typeof en, 'zh-Hans-CN'> = {
  'map.title': '地图',
  'map.zoomIn': '放大',
  'map.zoomOut': '缩小',
  'map.resetNorth': '将地图恢复为正北方向',
  'map.attribution': '显示或隐藏地图版权信息',
  'map.feedback': '报告地图问题',
  'map.closePopup': '关闭',
  'map.unavailable.title': '无法显示地图',
  'map.unavailable.body': '此浏览器无法绘制地图（WebGL 2 不可用或已关闭）。本页的其他功能仍可正常使用。',
  'map.mini.label': '最后已知位置',
  'map.mini.noPosition': '暂无位置',
};

export default strings;

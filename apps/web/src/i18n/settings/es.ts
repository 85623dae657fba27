import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Español (es). */
const strings: LocaleStrings<typeof en, 'es'> = {
  'settings.title': 'Configuración',
  'settings.themeStyle': 'Estilo del tema',
  'settings.themeStyle.standard': 'Clásico',
  'settings.themeStyle.modern': 'Moderno',
  'settings.mode': 'Modo',
  'settings.mode.light': 'Claro',
  'settings.mode.dark': 'Oscuro',
  'settings.language': 'Idioma',
  'settings.layout': 'Diseño',
  'settings.layout.full-width': 'Ancho completo',
  'settings.layout.boxed': 'En caja',
  'settings.layout.framed': 'Con marco',
  'settings.header': 'Encabezado',
  'settings.footer': 'Pie de página',
  'settings.footer.show': 'Mostrar pie de página',
  'settings.position.fixed': 'Fijo',
  'settings.position.fluid': 'Fluido',
  'settings.menuStyle': 'Estilo del menú lateral',
  'settings.menuStyle.default': 'Predeterminado',
  'settings.menuStyle.standard': 'Clásico',
  'settings.menuStyle.rounded': 'Redondeado',
  'settings.menuStyle.rounded-reverse': 'Redondeado inverso',
  'settings.menuStyle.curved': 'Curvo',
  'settings.sidebarColors': 'Colores del menú lateral',
  'settings.sidebarColors.dark': 'Oscuro',
  'settings.sidebarColors.light': 'Claro',
  'settings.sidebarColors.ocean': 'Océano',
  'settings.sidebarColors.midnight': 'Medianoche',
  'settings.sidebarColors.forest': 'Bosque',
  'settings.sidebarImage': 'Imagen de fondo del menú lateral',
  'settings.sidebarImage.show': 'Mostrar imagen de fondo',
  'settings.sidebarImage.waves': 'Olas',
  'settings.sidebarImage.aurora': 'Aurora boreal',
  'settings.sidebarImage.grid': 'Cuadrícula de mapa',
  'settings.sidebarImage.dunes': 'Dunas',
  'settings.reset': 'Restablecer valores predeterminados',
};

export default strings;

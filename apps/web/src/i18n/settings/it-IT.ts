import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Italiano (it-IT). */
const strings: LocaleStrings<typeof en, 'it-IT'> = {
  'settings.title': 'Impostazioni',
  'settings.themeStyle': 'Stile del tema',
  'settings.themeStyle.standard': 'Classico',
  'settings.themeStyle.modern': 'Moderno',
  'settings.mode': 'Modalità',
  'settings.mode.light': 'Chiara',
  'settings.mode.dark': 'Scura',
  'settings.language': 'Lingua',
  'settings.layout': 'Disposizione',
  'settings.layout.full-width': 'Larghezza piena',
  'settings.layout.boxed': 'Riquadrata',
  'settings.layout.framed': 'Con cornice',
  'settings.header': 'Intestazione',
  'settings.footer': 'Piè di pagina',
  'settings.footer.show': 'Mostra il piè di pagina',
  'settings.position.fixed': 'Fissa',
  'settings.position.fluid': 'Fluida',
  'settings.menuStyle': 'Stile del menu laterale',
  'settings.menuStyle.default': 'Predefinito',
  'settings.menuStyle.standard': 'Classico',
  'settings.menuStyle.rounded': 'Arrotondato',
  'settings.menuStyle.rounded-reverse': 'Arrotondato inverso',
  'settings.menuStyle.curved': 'Curvo',
  'settings.sidebarColors': 'Colori del menu laterale',
  'settings.sidebarColors.dark': 'Scuro',
  'settings.sidebarColors.light': 'Chiaro',
  'settings.sidebarColors.ocean': 'Oceano',
  'settings.sidebarColors.midnight': 'Mezzanotte',
  'settings.sidebarColors.forest': 'Foresta',
  'settings.sidebarImage': 'Immagine di sfondo del menu laterale',
  'settings.sidebarImage.show': 'Mostra l’immagine di sfondo',
  'settings.sidebarImage.waves': 'Onde',
  'settings.sidebarImage.aurora': 'Aurora boreale',
  'settings.sidebarImage.grid': 'Griglia cartografica',
  'settings.sidebarImage.dunes': 'Dune',
  'settings.reset': 'Ripristina i valori predefiniti',
};

export default strings;

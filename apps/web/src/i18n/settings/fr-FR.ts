import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Français (fr-FR). */
const strings: LocaleStrings<typeof en, 'fr-FR'> = {
  'settings.title': 'Paramètres',
  'settings.themeStyle': 'Style du thème',
  'settings.themeStyle.standard': 'Classique',
  'settings.themeStyle.modern': 'Moderne',
  'settings.mode': 'Mode d’affichage',
  'settings.mode.light': 'Clair',
  'settings.mode.dark': 'Sombre',
  'settings.language': 'Langue',
  'settings.layout': 'Mise en page',
  'settings.layout.full-width': 'Pleine largeur',
  'settings.layout.boxed': 'Encadrée',
  'settings.layout.framed': 'Cadre',
  'settings.header': 'En-tête',
  'settings.footer': 'Pied de page',
  'settings.footer.show': 'Afficher le pied de page',
  'settings.position.fixed': 'Fixe',
  'settings.position.fluid': 'Fluide',
  'settings.menuStyle': 'Style du menu latéral',
  'settings.menuStyle.default': 'Par défaut',
  'settings.menuStyle.standard': 'Classique',
  'settings.menuStyle.rounded': 'Arrondi',
  'settings.menuStyle.rounded-reverse': 'Arrondi inversé',
  'settings.menuStyle.curved': 'Incurvé',
  'settings.sidebarColors': 'Couleurs du menu latéral',
  'settings.sidebarColors.dark': 'Sombre',
  'settings.sidebarColors.light': 'Clair',
  'settings.sidebarColors.ocean': 'Océan',
  'settings.sidebarColors.midnight': 'Minuit',
  'settings.sidebarColors.forest': 'Forêt',
  'settings.sidebarImage': 'Image de fond du menu latéral',
  'settings.sidebarImage.show': 'Afficher l’image de fond',
  'settings.sidebarImage.waves': 'Vagues',
  'settings.sidebarImage.aurora': 'Aurore',
  'settings.sidebarImage.grid': 'Grille cartographique',
  'settings.sidebarImage.dunes': 'Dunes de sable',
  'settings.reset': 'Rétablir les valeurs par défaut',
};

export default strings;

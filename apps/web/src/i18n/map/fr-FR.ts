import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Français (fr-FR). */
const strings: LocaleStrings<typeof en, 'fr-FR'> = {
  'map.title': 'Carte',
  'map.zoomIn': 'Zoom avant',
  'map.zoomOut': 'Zoom arrière',
  'map.resetNorth': 'Réorienter la carte vers le nord',
  'map.attribution': 'Afficher ou masquer les crédits de la carte',
  'map.feedback': 'Signaler un problème sur la carte',
  'map.closePopup': 'Fermer',
  'map.unavailable.title': 'Impossible d’afficher la carte',
  'map.unavailable.body':
    'Ce navigateur ne peut pas dessiner de cartes (WebGL 2 est indisponible ou désactivé). Le reste de la page fonctionne normalement.',
  'map.mini.label': 'Dernière position connue',
  'map.mini.noPosition': 'Pas encore de position',
};

export default strings;

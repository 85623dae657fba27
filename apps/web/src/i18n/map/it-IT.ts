import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Italiano (it-IT). */
const strings: LocaleStrings<typeof en, 'it-IT'> = {
  'map.title': 'Mappa',
  'map.zoomIn': 'Ingrandisci',
  'map.zoomOut': 'Riduci',
  'map.resetNorth': 'Riporta la mappa a nord',
  'map.attribution': 'Mostra o nascondi i crediti della mappa',
  'map.feedback': 'Segnala un problema della mappa',
  'map.closePopup': 'Chiudi',
  'map.unavailable.title': 'Impossibile mostrare la mappa',
  'map.unavailable.body':
    'Questo browser non può disegnare mappe (WebGL 2 non è disponibile o è disattivato). Il resto della pagina funziona comunque.',
  'map.mini.label': 'Ultima posizione nota',
  'map.mini.noPosition': 'Ancora nessuna posizione',
};

export default strings;

import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Español (es). */
const strings: LocaleStrings<typeof en, 'es'> = {
  'map.title': 'Mapa',
  'map.zoomIn': 'Acercar',
  'map.zoomOut': 'Alejar',
  'map.resetNorth': 'Orientar el mapa al norte',
  'map.attribution': 'Mostrar u ocultar los créditos del mapa',
  'map.feedback': 'Informar de un problema del mapa',
  'map.closePopup': 'Cerrar',
  'map.unavailable.title': 'No se puede mostrar el mapa',
  'map.unavailable.body':
    'Este navegador no puede dibujar mapas (WebGL 2 no está disponible o está desactivado). El resto de la página sigue funcionando.',
  'map.mini.label': 'Última posición conocida',
  'map.mini.noPosition': 'Aún no hay posición',
};

export default strings;

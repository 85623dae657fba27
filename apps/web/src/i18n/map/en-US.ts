/** The maps of every page (MapLibre's control titles, the small maps' texts, a browser without WebGL). English (en-US): the source of the area's keys. */
const strings = {
  'map.title': 'Map',
  'map.zoomIn': 'Zoom in',
  'map.zoomOut': 'Zoom out',
  'map.resetNorth': 'Reset the map to north',
  'map.attribution': 'Show or hide the map credits',
  'map.feedback': 'Report a map problem',
  'map.closePopup': 'Close',
  'map.unavailable.title': 'The map cannot be shown',
  'map.unavailable.body':
    'This browser cannot draw maps (WebGL 2 is not available or is turned off). Everything else on this page still works.',
  'map.mini.label': 'Last known position',
  'map.mini.noPosition': 'No position yet',
};

export default strings;

/** MapLibre's UI strings (button titles of its controls) in the interface language: the `map.*` keys. */
export function mapLocale(t: (key: string) => string): Record<string, string> {
  return {
    'Map.Title': t('map.title'),
    'NavigationControl.ZoomIn': t('map.zoomIn'),
    'NavigationControl.ZoomOut': t('map.zoomOut'),
    'NavigationControl.ResetBearing': t('map.resetNorth'),
    'AttributionControl.ToggleAttribution': t('map.attribution'),
    'AttributionControl.MapFeedback': t('map.feedback'),
    'Popup.Close': t('map.closePopup'),
  };
}

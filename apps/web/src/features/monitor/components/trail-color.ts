/** The history trail on the map and its legend entry (kept apart from the map engine, which loads lazily). */
export const TRAIL_COLOR = '#7C3AED';

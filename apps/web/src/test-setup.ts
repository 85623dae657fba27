import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Lazy-loaded pages and locale bundles take longer than the 1 s default on a loaded two-core CI machine.
configure({ asyncUtilTimeout: 10_000 });

import { serveThread } from '../../../lib/worker-thread.ts';
import { reportPdfTask } from './pdf.ts';

/** The report PDF's thread (pdf.ts starts it): the layout of a long report's pages, off the server's own thread. */
serveThread(reportPdfTask);

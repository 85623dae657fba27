export { ScheduledReportsTab } from './scheduled-reports-tab.tsx';

import { MESSAGES } from '@lbs/contracts';

/** API problem codes and form validation texts (SPEC §5, §8; contracts MESSAGES): contracts' MESSAGES is the English text. */
export default MESSAGES;

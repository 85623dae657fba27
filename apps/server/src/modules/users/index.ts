/** What other modules may use of the users module. */
export { usersRepository } from './repository.ts';

import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { DirectorySignInsTable } from '../../db/schema';
import { hashToken } from './sessions.repository';

export type DirectorySignInRow = Selectable<DirectorySignInsTable>;

/**
 * Sign-ins with the company account under way (db/schema.ts DirectorySignInsTable). Every step moves a row from
 * one stage to the next in one statement that names the stage it expects, so a state or a result is used once
 * even when two instances receive the same request at the same moment.
 */
export function directorySignInsRepository(db: Db) {
  return {
    /** A new sign-in; those whose time is over are deleted first, so the table holds minutes' worth. */
    async add(input: {
      state: string;
      browser: string;
      nonce: string;
      codeVerifier: string;
      redirectUri: string;
      returnTo: string;
      now: Date;
      expiresAt: Date;
    }) {
      await db.deleteFrom('directory_sign_ins').where('expires_at', '<=', input.now.toISOString()).execute();
      await db
        .insertInto('directory_sign_ins')
        .values({
          state_hash: hashToken(input.state),
          browser_hash: hashToken(input.browser),
          nonce: input.nonce,
          code_verifier: input.codeVerifier,
          redirect_uri: input.redirectUri,
          return_to: input.returnTo,
          expires_at: input.expiresAt.toISOString(),
          stage: 'started',
          account_id: null,
          id_token: null,
          error: null,
        })
        .execute();
    },

    /** The provider's answer for `state`, from the browser that started it, once and in time; else undefined. */
    claim(state: string, browser: string, now: Date) {
      return db
        .updateTable('directory_sign_ins')
        .set({ stage: 'checking' })
        .where('state_hash', '=', hashToken(state))
        .where('browser_hash', '=', hashToken(browser))
        .where('stage', '=', 'started')
        .where('expires_at', '>', now.toISOString())
        .returningAll()
        .executeTakeFirst();
    },

    async finish(state: string, outcome: { accountId: number; idToken: string } | { error: string }) {
      await db
        .updateTable('directory_sign_ins')
        .set(
          'error' in outcome
            ? { stage: 'failed', error: outcome.error }
            : { stage: 'done', account_id: outcome.accountId, id_token: outcome.idToken },
        )
        .where('state_hash', '=', hashToken(state))
        .where('stage', '=', 'checking')
        .execute();
    },

    /** The browser's newest finished sign-in, taken once: its account, or the reason it was refused. */
    async take(browser: string, now: Date) {
      const newest = await db
        .selectFrom('directory_sign_ins')
        .select(['state_hash', 'stage', 'account_id', 'id_token', 'error', 'return_to'])
        .where('browser_hash', '=', hashToken(browser))
        .where('stage', 'in', ['done', 'failed'])
        .where('expires_at', '>', now.toISOString())
        .orderBy('expires_at', 'desc')
        .executeTakeFirst();
      if (!newest) return undefined;
      const taken = await db
        .updateTable('directory_sign_ins')
        .set({ stage: 'taken', id_token: null, nonce: '', code_verifier: '' })
        .where('state_hash', '=', newest.state_hash)
        .where('stage', '=', newest.stage)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? newest : undefined;
    },
  };
}

export type DirectorySignInsRepository = ReturnType<typeof directorySignInsRepository>;

/**
 * The instant the end-to-end specs stand the sandbox at (and the app's clock, where its tools read
 * one): fixed, so the world a spec reads is the same on every day it runs, and the same commit
 * passes or fails the same way any day. Noon UTC, in the middle of one of the sandbox's days.
 */
export const SANDBOX_NOW = Date.parse('2026-11-20T12:00:00.000Z');

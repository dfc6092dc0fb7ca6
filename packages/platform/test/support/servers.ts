export * from '../../../../test/support/servers.ts';

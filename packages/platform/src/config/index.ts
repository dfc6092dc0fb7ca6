// Settings from the environment: the keys every process understands, each service's own on top.
export {
  baseConfigSchema,
  ConfigError,
  loadConfig,
  publishedSecrets,
  secretSchema,
  type BaseConfig,
} from './config.ts';

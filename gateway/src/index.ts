export { createGatewayApp, type GatewayOptions } from './app.ts';
export { gatewayConfigSchema, type GatewayConfig } from './config.ts';
export { serviceNames, type ServiceName } from './route-table.ts';
export { builtFilePath } from './built-files.ts';
export { frontEnd } from './static-assets.ts';
export { FIRST_SCREEN_FOLDER } from './first-screen.ts';

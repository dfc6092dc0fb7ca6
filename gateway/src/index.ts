export { createGatewayApp, type GatewayOptions } from './app.ts';
export { gatewayConfigSchema, type GatewayConfig } from './config.ts';
export { serviceNames, type ServiceName } from './route-table.ts';

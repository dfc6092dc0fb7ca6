import { services, serviceNames, type ServiceName } from '../../services.ts';

export { serviceNames, type ServiceName };

/** The service that owns a public path, from the one list of services. */
export function serviceFor(path: string): ServiceName | undefined {
  return services.find((service) => service.paths.test(path))?.name;
}

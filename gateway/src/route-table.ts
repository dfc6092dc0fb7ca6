import { services, serviceNames, type ServiceName } from '../../services.ts';

export { serviceNames, type ServiceName };

/**
 * The service that owns a public path, from the one list of services; a service's embedded-only paths
 * count only when `embedded` says the services run in the gateway's process (`npm start`).
 */
export function serviceFor(path: string, options: { embedded?: boolean } = {}): ServiceName | undefined {
  return services.find(
    (service) =>
      service.paths.test(path) ||
      (options.embedded === true && 'embeddedOnlyPaths' in service && service.embeddedOnlyPaths.test(path)),
  )?.name;
}

/** Case-insensitive like Express's routing, and the bare prefixes too: none of these is ever a page. */
export const isApiPath = (path: string) => /^\/(api|objects)(\/|$)/i.test(path);

/** A path where a file is uploaded, whose body may be as large as an upload (from the list's uploadPaths). */
export function isUploadPath(path: string): boolean {
  return services.some((service) => 'uploadPaths' in service && service.uploadPaths.test(path));
}

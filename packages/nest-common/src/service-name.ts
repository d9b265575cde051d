/** Injection token of the service's name (CommonCoreModule.forRoot({name})): schema, logs, and the route definitions it serves. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');

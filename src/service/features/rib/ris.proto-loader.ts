import { join } from 'node:path';
import { type GrpcObject, loadPackageDefinition, type ServiceClientConstructor, type ServiceDefinition } from '@grpc/grpc-js';
import { loadSync, type Options } from '@grpc/proto-loader';

/**
 * How every part of the project (gateway, test server, benchmark) reads the daemon's messages. longs: String keeps
 * uint64 exact (never Number); keepCase keeps the .proto field names, which are also the API's JSON names.
 */
export const RIS_LOAD_OPTIONS: Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  arrays: true,
  objects: false,
  oneofs: false,
};

export const RIS_SERVICE_NAME = 'bio.ris.RoutingInformationService';

export interface RisDefinitions {
  /** The generated client class for bio.ris.RoutingInformationService. */
  Client: ServiceClientConstructor;
  service: ServiceDefinition;
}

/** proto/ sits at the application root, so this resolves from src/ and from the compiled out/server/ alike. */
export function risProtoDir(appRoot: string): string {
  return join(appRoot, 'proto');
}

export function loadRisDefinitions(appRoot: string): RisDefinitions {
  const protoDir = risProtoDir(appRoot);
  const definition = loadSync(join(protoDir, 'bio', 'ris', 'ris.proto'), { ...RIS_LOAD_OPTIONS, includeDirs: [protoDir] });
  const root = loadPackageDefinition(definition);
  const ris = (root.bio as GrpcObject).ris as GrpcObject;
  const Client = ris.RoutingInformationService as ServiceClientConstructor;
  return { Client, service: Client.service };
}

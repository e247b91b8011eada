/**
 * Typed errors that feature code throws; the HTTP error handler turns each into JSON with its status.
 * Messages are written for the API's users: they name the field or record that is wrong.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidError extends AppError {
  constructor(message: string, details?: unknown) {
    super(400, 'Bad Request', message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'A valid bearer token is required') {
    super(401, 'Unauthorized', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, details?: unknown) {
    super(404, 'Not Found', message, details);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: unknown) {
    super(409, 'Conflict', message, details);
  }
}

/** Well-formed input that breaks a business rule (for example a price below its speed class minimum). */
export class UnprocessableError extends AppError {
  constructor(message: string, details?: unknown) {
    super(422, 'Unprocessable Entity', message, details);
  }
}

export class UnavailableError extends AppError {
  constructor(message: string, details?: unknown) {
    super(503, 'Service Unavailable', message, details);
  }
}

/**
 * The client closed its connection before the answer: the work done for it stops (a transaction rolls back). Nobody
 * reads the answer; the status (nginx's 499) is for the log.
 */
export class ClientGoneError extends AppError {
  constructor() {
    super(499, 'Client Closed Request', 'the client closed the connection before the answer; the work for it was stopped');
  }
}

/** The server itself is not set up for the request (for example no DASHBOARD_PASSWORD); the message says what to configure. */
export class NotConfiguredError extends AppError {
  constructor(message: string) {
    super(500, 'Not Configured', message);
  }
}

import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { failureToastContent } from './toast-content';

describe('failureToastContent', () => {
  it('shows the server message with the failure text as title when the error body is present', () => {
    const error = new ApiError(404, { statusCode: 404, error: 'Not Found', message: 'Unknown song 7' }, 'x');
    expect(failureToastContent('Unable to retrieve media', error)).toEqual({
      title: 'Unable to retrieve media',
      message: 'Unknown song 7',
    });
  });

  it('falls back to title Error and the failure text as message', () => {
    expect(failureToastContent('Unable to retrieve tags', new ApiError(0, undefined, 'Network error'))).toEqual({
      title: 'Error',
      message: 'Unable to retrieve tags',
    });
    expect(failureToastContent('Unable to retrieve tags', new Error('boom'))).toEqual({
      title: 'Error',
      message: 'Unable to retrieve tags',
    });
  });
});

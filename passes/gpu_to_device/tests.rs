//! Unit tests of the convolution recognition (the GEMM grouping's are in `family::gemm`).

use super::*;

fn window(y: usize, stride: i64, r: usize, dilation: i64) -> AffineDim {
    AffineDim {
        terms: vec![(y, stride), (r, dilation)],
        offset: 0,
    }
}

#[test]
fn convolutions_find_their_roles() {
    let d = AffineDim::dim;
    // JAX's forward: loops (b, oh, ow, f, c, kh, kw); NHWC input strided 2, HWCF filter.
    let input = [d(0), window(1, 2, 5, 1), window(2, 2, 6, 1), d(4)];
    let filter = [d(5), d(6), d(4), d(3)];
    let output = [d(0), d(1), d(2), d(3)];
    let forward = ConvRoles::of(&input, &filter, &output).unwrap();
    assert_eq!(
        forward,
        ConvRoles {
            input: [0, 1, 2, 3],
            filter: [3, 0, 1, 2],
            output: [0, 1, 2, 3],
            stride: [2, 2],
            dilation: [1, 1],
        }
    );
    // The product commutes, not the roles: the filter has no window to be the input.
    assert_eq!(ConvRoles::of(&filter, &input, &output), None);
    // A weight gradient: loops (r, s, c, f, n, y, x); the activations x[n, r + 2y, s + 2x, c]
    // are the input with c as its batch and n as its channel, dy[n, y, x, f] the filter
    // (dilated by the forward stride), the HWCF result the output.
    let activations = [d(4), window(0, 1, 5, 2), window(1, 1, 6, 2), d(2)];
    let gradient = [d(4), d(5), d(6), d(3)];
    let weights = [d(0), d(1), d(2), d(3)];
    let grad = ConvRoles::of(&activations, &gradient, &weights).unwrap();
    assert_eq!(
        grad,
        ConvRoles {
            input: [3, 1, 2, 0],
            filter: [3, 1, 2, 0],
            output: [2, 0, 1, 3],
            stride: [1, 1],
            dilation: [2, 2],
        }
    );
    // A window with an offset, a reversed window: no convolution.
    let shifted = [
        d(0),
        AffineDim {
            offset: 1,
            ..window(1, 1, 5, 1)
        },
        window(2, 1, 6, 1),
        d(4),
    ];
    assert_eq!(ConvRoles::of(&shifted, &filter, &output), None);
    let reversed = [
        AffineDim {
            terms: vec![(5, -1)],
            offset: 2,
        },
        d(6),
        d(4),
        d(3),
    ];
    let plain = [d(0), window(1, 1, 5, 1), window(2, 1, 6, 1), d(4)];
    assert_eq!(ConvRoles::of(&plain, &reversed, &output), None);
    // An output held F, N, H, W is a view like any other; a filter reading the batch is not a
    // convolution's.
    let fnhw = ConvRoles::of(&plain, &filter, &[d(3), d(0), d(1), d(2)]).unwrap();
    assert_eq!(fnhw.output, [1, 2, 3, 0]);
    let per_sample = [d(5), d(6), d(4), d(0)];
    assert_eq!(ConvRoles::of(&plain, &per_sample, &output), None);
}

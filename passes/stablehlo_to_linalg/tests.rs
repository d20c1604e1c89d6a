//! Unit tests of the lowering's text helpers and of auxiliary ops following the main op's split.

use super::*;

#[test]
fn reassociation_of_splits_and_merges() {
    assert_eq!(reassociation(&[64], &[1, 64]), Some(vec![vec![0, 1]]));
    assert_eq!(
        reassociation(&[2, 16, 64], &[2, 16, 4, 16]),
        Some(vec![vec![0], vec![1], vec![2, 3]])
    );
    assert_eq!(
        reassociation(&[8, 1], &[8, 1]),
        Some(vec![vec![0], vec![1]])
    );
    assert_eq!(reassociation(&[], &[1, 1]), Some(vec![]));
    assert_eq!(reassociation(&[6, 4], &[4, 6]), None);
    assert_eq!(reassociation(&[64], &[64, 1]), Some(vec![vec![0, 1]]));
}

#[test]
fn affine_text() {
    let s = AffineDim {
        terms: vec![(0, 2), (3, -1)],
        offset: -4,
    };
    assert_eq!(expr_text(&s), "d0 * 2 + d3 * -1 - 4");
    assert_eq!(expr_text(&AffineDim::constant(0)), "0");
    assert_eq!(map_text(0, &[]), "affine_map<() -> ()>");
}

#[test]
fn one_device_config() {
    assert_eq!(
        one_device(2, DeviceId(3)),
        "par.config = #par.config<array<i64: 1, 1>, array<i64: 3>>"
    );
}

fn split(degrees: &[u64], devices: &[u32], loops: &[u64]) -> Split {
    Split {
        config: Config {
            degrees: degrees.to_vec(),
            devices: devices.iter().map(|&d| flexc_core::DeviceId(d)).collect(),
        },
        loops: loops.to_vec(),
    }
}

fn devices(config: &Config) -> Vec<u32> {
    config.devices.iter().map(|d| d.0).collect()
}

#[test]
fn auxiliary_ops_follow_the_main_split() {
    // A convolution over (b, oh, ow, oc, ic, kh, kw) split 2 x 2 along b and ic on devices
    // 3, 2, 1, 0; its NHWC input's pad runs along (b, -, -, ic).
    let conv = split(
        &[2, 1, 1, 1, 2, 1, 1],
        &[3, 2, 1, 0],
        &[4, 6, 6, 2, 4, 3, 3],
    );
    let along = [Some(0), None, None, Some(4)];
    let pad = conv.follow(&[4, 8, 8, 4], &along).unwrap();
    assert_eq!(pad.degrees, vec![2, 1, 1, 2]);
    assert_eq!(devices(&pad), vec![3, 2, 1, 0]);
    // Split along the output features only: nothing to follow, the first device.
    let conv = split(&[1, 1, 1, 2, 1, 1, 1], &[1, 0], &[4, 6, 6, 2, 4, 3, 3]);
    let pad = conv.follow(&[4, 8, 8, 4], &along).unwrap();
    assert_eq!((pad.degrees.clone(), devices(&pad)), (vec![1; 4], vec![1]));
    // b and oc split: the pad follows b, on the devices of the tasks with oc = 0.
    let conv = split(
        &[2, 1, 1, 2, 1, 1, 1],
        &[0, 1, 2, 3],
        &[4, 6, 6, 2, 4, 3, 3],
    );
    let pad = conv.follow(&[4, 8, 8, 4], &along).unwrap();
    assert_eq!(
        (pad.degrees.clone(), devices(&pad)),
        (vec![2, 1, 1, 1], vec![0, 2])
    );
    // A degree that does not divide the dim, a loop followed twice: split once, where it fits.
    let conv = split(&[2, 1], &[0, 1], &[4, 4]);
    let twice = conv
        .follow(&[4, 4, 3], &[Some(0), Some(0), Some(0)])
        .unwrap();
    assert_eq!(twice.degrees, vec![2, 1, 1]);
    let odd = conv.follow(&[3], &[Some(0)]).unwrap();
    assert_eq!((odd.degrees.clone(), devices(&odd)), (vec![1], vec![0]));
    // Replicated: replicated. A configuration that does not fit its loops: none.
    let replicated = split(&[1, 1], &[0, 1], &[4, 4]);
    let aux = replicated.follow(&[4], &[Some(0)]).unwrap();
    assert_eq!((aux.degrees.clone(), devices(&aux)), (vec![1], vec![0, 1]));
    assert!(split(&[2], &[0, 1], &[4, 4])
        .follow(&[4], &[Some(0)])
        .is_none());
    assert!(split(&[2, 1], &[0], &[4, 4])
        .follow(&[4], &[Some(0)])
        .is_none());
}

#[test]
fn followed_loops() {
    let loops = [4, 6, 1, 3];
    assert_eq!(followed_loop(&AffineDim::dim(1), &loops), Some(1));
    // A pooling window of one along the batch.
    let pooled = AffineDim {
        terms: vec![(0, 1), (2, 1)],
        offset: 0,
    };
    assert_eq!(followed_loop(&pooled, &loops), Some(0));
    let window = AffineDim::window(1, 1, 3, 1, 0);
    assert_eq!(followed_loop(&window, &loops), None);
    let strided = AffineDim {
        terms: vec![(1, 2)],
        offset: 0,
    };
    assert_eq!(followed_loop(&strided, &loops), None);
    let shifted = AffineDim {
        terms: vec![(1, 1)],
        offset: 1,
    };
    assert_eq!(followed_loop(&shifted, &loops), None);
}

#!/usr/bin/env python3
"""chainer_npz.py — npz interoperability between cnet and real Chainer (7.8.1), both directions.

    chainer_npz.py export DIR     Chainer side A: train with fixed seeds and write Chainer's files
                                  (model, optimizer, trainer snapshot; savez and savez_compressed) plus a
                                  reference of every saved value (np.savez + JSON) for the C++ side.
    chainer_npz.py verify DIR     Chainer side B: load the files that cnet wrote (npz_interop) into the same
                                  Chainer objects with strict=True, compare every array with the values cnet
                                  dumped, continue training and compare with cnet's continuation.
    chainer_npz.py run --exe NPZ_INTEROP --workdir DIR
                                  export, then `NPZ_INTEROP DIR`, then verify (what CTest runs).

Exit status: 0 on success, 1 on any difference (each one is printed with its key), 77 when chainer or numpy
cannot be imported (CTest's SKIP_RETURN_CODE).

The structure on both sides (tests/interop/npz_interop.cc mirrors it):
    model     = L.Classifier(MLP())      MLP: l1 = L.Linear(784, 50), l2 = L.Linear(50, 10), l2(relu(l1(x)))
    optimizer = Adam(alpha=0.01), 3 steps on the fixed minibatches 0, 1, 2 (8 examples each)
    trainer   = Trainer(StandardUpdater(SerialIterator(TupleDataset(x, t), 8, shuffle=False), Adam(0.01)),
                        (6, 'iteration')), LogReport(trigger=(4, 'iteration')), snapshot(), trigger
                        (6, 'iteration'); resumed to 8 iterations for the continuation check.
    lazy      = L.Linear(None, 3), never called: W is saved as a pickled None.

Differences from Chainer 7.8.1 found with this test:
- fixed: strings (LogReport's `_log`, DictSummary's `_names`) were written by cnet as 1-D uint8 arrays and
  could not be read at all ('<U' unsupported): Chainer could not resume a cnet snapshot (JSONDecodeError)
  and cnet could not open a Chainer snapshot. cnet now reads and writes 0-d '<U{n}' as numpy.asarray(str).
- fixed: DictSummary's `_summaries/<i>/_n` was float64; Chainer's is an int (int64) and Chainer refuses to
  load a float64 into it (TypeError "Cannot safely deserialize").
- not fixed (cnet follows Chainer v4): extensions.snapshot() is registered as "snapshot"; Chainer >= 6
  registers it as "_Snapshot", so the trainer's `extension_triggers/<name>/...` keys differ. Both sides here
  use the name "_Snapshot" (cnet passes it to extend()).
- cnet-only keys: a cnet trainer snapshot also holds `_random_state` (the default generator, so a resumed run
  repeats the uninterrupted one; a seeded ShuffleOrderSampler adds `.../_order_sampler_random_state`). Chainer's
  load_npz reads only the keys it asks for, so it resumes such a snapshot with strict=True (checked here, with
  the key present); they are the only keys allowed beyond Chainer's layout, and cnet resumes Chainer's snapshots
  without them.
- cosmetic: cnet writes `_names` as '["a","b"]' (Chainer: '["a", "b"]') and orders them by key, Chainer by
  report order; both load either. Printed as NOTE lines.
"""
import json
import os
import subprocess
import sys

SKIP = 77

N_EXAMPLES = 32
BATCH = 8
IN_SIZE, HIDDEN, OUT_SIZE = 784, 50, 10
ALPHA = 0.01
TRAIN_STEPS = 3            # Adam steps before the model/optimizer files are saved
SNAPSHOT_ITER = 6          # trainer: stop and snapshot at this iteration (epoch 1, position 8)
RESUME_TO_ITER = 8         # trainer: resumed from the snapshot and run to this iteration
LOG_TRIGGER = 4            # LogReport trigger (iterations): one log entry, a non-empty summary at iter 6
RTOL, ATOL = 1e-5, 1e-6    # continuation checks (one Adam step / two trainer iterations) on both sides

# Keys whose value is wall-clock dependent (compared for presence, dtype and shape only).
TIME_KEYS = ('_snapshot_elapsed_time',)


def cnet_only(key):
    """Random generator states cnet adds to snapshots (see the docstring); Chainer never asks for them."""
    return key.split('/')[-1].endswith('_random_state')

try:
    import numpy as np
    import chainer
    import chainer.functions as F
    import chainer.links as L
    from chainer import training
    from chainer.training import extensions
    from chainer import serializers
    IMPORT_ERROR = None
except Exception as e:  # noqa: BLE001 - any import failure means "no chainer here"
    IMPORT_ERROR = e


# ----------------------------------------------------------------------------------------------------------
# the shared fixtures


def make_data():
    """The fixed dataset: x (32, 784) float32 in [-1, 1), t (32,) int32 in [0, 10); written to the reference
    so the C++ side uses the very same numbers."""
    rs = np.random.RandomState(1234)
    x = rs.uniform(-1, 1, (N_EXAMPLES, IN_SIZE)).astype(np.float32)
    t = rs.randint(0, OUT_SIZE, N_EXAMPLES).astype(np.int32)
    return x, t


def batch(x, t, i):
    """Minibatch i (wrapping) of the fixed data."""
    i %= N_EXAMPLES // BATCH
    return x[i * BATCH:(i + 1) * BATCH], t[i * BATCH:(i + 1) * BATCH]


# The minibatch of the continuation step (after the 3 training steps).
NEXT_BATCH = 3


class MLP(chainer.Chain if IMPORT_ERROR is None else object):
    def __init__(self):
        super(MLP, self).__init__()
        with self.init_scope():
            self.l1 = L.Linear(IN_SIZE, HIDDEN)
            self.l2 = L.Linear(HIDDEN, OUT_SIZE)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


def make_model(seed):
    np.random.seed(seed)  # Chainer's initializers draw from NumPy's global generator
    return L.Classifier(MLP())


def make_optimizer(model):
    opt = chainer.optimizers.Adam(alpha=ALPHA)
    opt.setup(model)
    return opt


def make_trainer(x, t, seed, stop_iter, out, on_snapshot=None):
    model = make_model(seed)
    opt = make_optimizer(model)
    it = chainer.iterators.SerialIterator(chainer.datasets.TupleDataset(x, t), BATCH, shuffle=False)
    updater = training.updaters.StandardUpdater(it, opt)
    trainer = training.Trainer(updater, (stop_iter, 'iteration'), out=out)
    trainer.extend(extensions.LogReport(trigger=(LOG_TRIGGER, 'iteration')))
    savefun = None
    if on_snapshot is not None:
        def savefun(path, obj):  # Chainer's default savefun, then a look at the state it saved
            serializers.save_npz(path, obj)
            on_snapshot(obj)
    trainer.extend(extensions.snapshot(savefun=savefun), trigger=(SNAPSHOT_ITER, 'iteration'))
    return trainer, model, opt, it


def state_dict(obj):
    """Chainer's own view of an object's saved state: {key: array (None for None)} in save order."""
    if isinstance(obj, dict):  # Chainer 7's snapshot extension hands its savefun the serialized dict
        return obj
    s = serializers.DictionarySerializer()
    s.save(obj)
    return s.target


def trainer_state_dict(trainer):
    """state_dict of a Trainer that has not run yet (Chainer's Trainer.serialize asks elapsed_time, which
    raises before run()): reports the loaded _snapshot_elapsed_time instead."""
    done, final = trainer._done, getattr(trainer, '_final_elapsed_time', None)
    trainer._done, trainer._final_elapsed_time = True, trainer._snapshot_elapsed_time
    try:
        return state_dict(trainer)
    finally:
        trainer._done, trainer._final_elapsed_time = done, final


def params(model):
    return {name: p.array.copy() for name, p in model.namedparams()}


# ----------------------------------------------------------------------------------------------------------
# reference files: np.savez (arrays) + JSON (keys in order, dtype, shape, strings, Nones)


class Reference(object):
    def __init__(self):
        self.arrays = {}
        self.meta = {'files': {}, 'strings': {}, 'none': [], 'scalars': {}}

    def add_file(self, name, target):
        """Every key of a saved object (name: the file's role, e.g. 'model'), as '<name>::<key>'."""
        keys = []
        for key, value in target.items():
            full = name + '::' + key
            value = np.array(value, copy=True)  # Chainer's DictionarySerializer keeps the live arrays
            keys.append({'key': key, 'dtype': value.dtype.str, 'shape': list(value.shape)})
            if value.dtype == object and value[()] is None:
                self.meta['none'].append(full)
            elif value.dtype.kind == 'U':
                self.meta['strings'][full] = str(value[()])
            else:
                self.arrays[full] = value
        self.meta['files'][name] = keys

    def add_arrays(self, prefix, arrays):
        for key, value in arrays.items():
            self.arrays[prefix + '::' + key] = np.asarray(value)

    def save(self, directory, stem):
        np.savez(os.path.join(directory, stem + '.npz'), **self.arrays)
        with open(os.path.join(directory, stem + '.json'), 'w') as f:
            json.dump(self.meta, f, indent=1, sort_keys=True)


# ----------------------------------------------------------------------------------------------------------
# export: Chainer writes


def export(directory):
    os.makedirs(directory, exist_ok=True)
    x, t = make_data()
    ref = Reference()
    ref.add_arrays('data', {'x': x, 't': t})

    # model + optimizer: 3 Adam steps, then saved with savez_compressed (.npz) and savez (_raw.npz)
    model = make_model(seed=1)
    opt = make_optimizer(model)
    for i in range(TRAIN_STEPS):
        opt.update(model, *batch(x, t, i))
    for suffix, compression in (('', True), ('_raw', False)):
        serializers.save_npz(os.path.join(directory, 'chainer_model%s.npz' % suffix), model, compression)
        serializers.save_npz(os.path.join(directory, 'chainer_optimizer%s.npz' % suffix), opt, compression)
    ref.add_file('model', state_dict(model))
    ref.add_file('optimizer', state_dict(opt))
    ref.meta['scalars']['optimizer.t'] = opt.t
    # continuation: one more Adam step from the saved state
    opt.update(model, *batch(x, t, NEXT_BATCH))
    ref.add_arrays('step', params(model))

    # pickled None: an uninitialized L.Linear(None, 3) saves W as None (numpy.asarray(None), pickled)
    lazy = L.Linear(None, 3)
    for suffix, compression in (('', True), ('_raw', False)):
        serializers.save_npz(os.path.join(directory, 'chainer_lazy%s.npz' % suffix), lazy, compression)
    ref.add_file('lazy', state_dict(lazy))

    # trainer: 6 iterations, snapshot (compressed, by the extension) + the same state with savez
    out = os.path.join(directory, 'chainer_result')
    trainer, tmodel, topt, it = make_trainer(
        x, t, seed=2, stop_iter=SNAPSHOT_ITER, out=out,
        on_snapshot=lambda obj: ref.add_file('snapshot', state_dict(obj)))
    trainer.run()
    snap = os.path.join(out, 'snapshot_iter_%d' % SNAPSHOT_ITER)
    if not os.path.isfile(snap):
        raise RuntimeError('Chainer wrote no snapshot at ' + snap)
    os.replace(snap, os.path.join(directory, 'chainer_snapshot.npz'))
    # after run() (the stop trigger has been asked once more: its state differs from the extension's file)
    serializers.save_npz(os.path.join(directory, 'chainer_snapshot_raw.npz'), trainer, compression=False)
    ref.add_file('snapshot_raw', state_dict(trainer))
    ref.meta['scalars'].update({
        'snapshot.iteration': trainer.updater.iteration, 'snapshot.epoch': trainer.updater.epoch,
        'snapshot.epoch_detail': trainer.updater.epoch_detail, 'snapshot.current_position': it.current_position,
        'snapshot.optimizer_t': topt.t,
        'snapshot.log_len': len(trainer.get_extension('LogReport').log)})
    # continuation: a fresh trainer resumed from the snapshot and run to RESUME_TO_ITER
    rtrainer, rmodel, ropt, _ = make_trainer(x, t, seed=3, stop_iter=RESUME_TO_ITER,
                                             out=os.path.join(directory, 'chainer_result_resumed'))
    serializers.load_npz(os.path.join(directory, 'chainer_snapshot.npz'), rtrainer)
    rtrainer.run()
    ref.add_arrays('resumed', params(rmodel))
    ref.meta['scalars']['resumed.optimizer_t'] = ropt.t
    ref.meta['scalars']['resumed.log_len'] = len(rtrainer.get_extension('LogReport').log)
    ref.save(directory, 'chainer_reference')
    print('chainer_npz: export: wrote Chainer %s files to %s (model %d keys, optimizer %d keys, snapshot %d keys)' % (
        chainer.__version__, directory, len(ref.meta['files']['model']), len(ref.meta['files']['optimizer']),
        len(ref.meta['files']['snapshot'])))


# ----------------------------------------------------------------------------------------------------------
# verify: Chainer reads what cnet wrote


class Checker(object):
    def __init__(self):
        self.failures = 0
        self.checked = 0

    def fail(self, msg):
        self.failures += 1
        print('MISMATCH: ' + msg)

    def check(self, cond, msg):
        self.checked += 1
        if not cond:
            self.fail(msg)
        return cond

    def close(self, what, got, want):
        got = np.asarray(got)
        want = np.asarray(want)
        self.checked += 1
        if got.shape != want.shape:
            self.fail('%s: shape %s, expected %s' % (what, got.shape, want.shape))
            return
        if not np.allclose(got, want, rtol=RTOL, atol=ATOL):
            diff = np.abs(got.astype(np.float64) - want.astype(np.float64))
            idx = np.unravel_index(int(np.argmax(diff)), diff.shape) if diff.ndim else ()
            self.fail('%s: max |diff| %.3g at %s (got %r, expected %r)' % (
                what, float(diff.max()), idx, got[idx].item(), want[idx].item()))


def load_cnet_reference(directory):
    with np.load(os.path.join(directory, 'cnet_reference.npz')) as f:
        arrays = {k: f[k] for k in f.files}
    with open(os.path.join(directory, 'cnet_reference.json')) as f:
        meta = json.load(f)
    return arrays, meta


NOTES = set()


def note_text_difference(what, got, want):
    """JSON texts that hold the same value but differ in their bytes (e.g. separators): printed once."""
    if got != want:
        note = 'NOTE: %s: same JSON value, different text: Chainer re-serializes %r, cnet wrote %r' % (
            what, got[:120], want[:120])
        if note not in NOTES:
            NOTES.add(note)
            print(note)


def compare_file_layout(chk, filename, path, chainer_state):
    """The archive cnet wrote, read with numpy.load: exactly the keys Chainer saves for the same object (after
    loading it), each with the dtype and shape Chainer would write (strings: a 0-d str array; None: a pickled
    0-d object array)."""
    with np.load(path, allow_pickle=True) as f:
        stored = {k: f[k] for k in f.files}
    missing = [k for k in chainer_state if k not in stored]
    extra = [k for k in stored if k not in chainer_state and not cnet_only(k)]
    chk.check(not missing, '%s (numpy.load): keys Chainer saves that cnet did not write: %s' % (filename, missing))
    chk.check(not extra, '%s (numpy.load): keys cnet wrote that Chainer does not save: %s' % (filename, extra))
    if filename.startswith('cnet_snapshot'):  # the strict load that preceded this had the cnet-only key present
        chk.check('_random_state' in stored and stored['_random_state'].dtype.str == '<i8' and
                  stored['_random_state'].shape == (6,), '%s: no 6-entry int64 _random_state' % filename)
    for key, value in chainer_state.items():
        if key not in stored:
            continue
        want = np.asarray(value)
        got = stored[key]
        what = '%s (numpy.load): %s' % (filename, key)
        if want.dtype.kind == 'U':
            chk.check(got.dtype.kind == 'U' and got.shape == (),
                      '%s: dtype %s shape %s, Chainer writes a 0-d str array (%s)' % (what, got.dtype.str, got.shape,
                                                                                      want.dtype.str))
        elif want.dtype == object:
            chk.check(got.dtype == object and got.shape == () and got[()] is None,
                      '%s: %s %s, Chainer writes a pickled None' % (what, got.dtype.str, got.shape))
        else:
            chk.check(got.dtype.str == want.dtype.str and got.shape == want.shape,
                      '%s: dtype %s shape %s, Chainer writes dtype %s shape %s' % (
                          what, got.dtype.str, got.shape, want.dtype.str, want.shape))


def compare_state(chk, role, filename, state, arrays, meta):
    """`state`: Chainer's DictionarySerializer view of the object loaded from cnet's file `filename`;
    compared key by key (names, order-independent; dtype; shape; values) with cnet's dump of role `role`."""
    expected = meta['files'][role]
    want_keys = [e['key'] for e in expected]
    missing = [k for k in want_keys if k not in state and not cnet_only(k)]
    extra = [k for k in state if k not in want_keys]
    chk.check(not missing, '%s: keys cnet wrote that Chainer does not save: %s' % (filename, missing))
    chk.check(not extra, '%s: keys Chainer saves that cnet did not write: %s' % (filename, extra))
    for e in expected:
        key = e['key']
        if key not in state:
            continue
        full = role + '::' + key
        value = np.asarray(state[key])
        what = '%s: %s' % (filename, key)
        if full in meta['none']:
            chk.check(value.dtype == object and value[()] is None, '%s: expected None, got %r' % (what, value))
            continue
        if full in meta['strings']:
            chk.check(value.dtype.kind == 'U' and value.shape == (),
                      '%s: expected a 0-d str array, got dtype %s shape %s' % (what, value.dtype, value.shape))
            got = str(value[()]) if value.dtype.kind == 'U' else repr(value)
            want = meta['strings'][full]
            if key.endswith('_log') or key.endswith('_names'):  # JSON: the same value (and a note on bytes)
                try:
                    if chk.check(json.loads(got) == json.loads(want), '%s: JSON %s, expected %s' % (what, got, want)):
                        note_text_difference(what, got, want)
                except ValueError as err:
                    chk.fail('%s: not JSON (%s): %r' % (what, err, got[:200]))
            else:
                chk.check(got == want, '%s: %r, expected %r' % (what, got, want))
            continue
        chk.check(value.dtype.str == e['dtype'] or np.dtype(value.dtype) == np.dtype(e['dtype']),
                  '%s: dtype %s in Chainer, cnet wrote %s' % (what, value.dtype.str, e['dtype']))
        chk.check(list(value.shape) == e['shape'],
                  '%s: shape %s in Chainer, cnet wrote %s' % (what, list(value.shape), e['shape']))
        if key in TIME_KEYS or key.rsplit('/', 1)[-1] in TIME_KEYS:
            continue
        if full not in arrays:
            chk.fail('%s: missing from cnet_reference.npz' % full)
            continue
        want = arrays[full]
        chk.checked += 1
        if value.shape != want.shape or not np.array_equal(value, want):
            chk.close(what, value, want)  # prints the largest difference (or the shape)
            if value.shape == want.shape and np.allclose(value, want, rtol=RTOL, atol=ATOL):
                chk.fail('%s: not bit-identical to the value cnet dumped' % what)


def verify(directory):
    x, t = make_data()
    arrays, meta = load_cnet_reference(directory)
    chk = Checker()
    for name in ('x', 't'):
        chk.check(np.array_equal(arrays['data::' + name], make_data()[0 if name == 'x' else 1]),
                  'cnet_reference.npz: data::%s differs from the fixed data' % name)

    for suffix in ('', '_raw'):
        # model + optimizer written by cnet, loaded strictly by Chainer
        mfile = 'cnet_model%s.npz' % suffix
        ofile = 'cnet_optimizer%s.npz' % suffix
        model = make_model(seed=11)
        opt = make_optimizer(model)
        try:
            serializers.load_npz(os.path.join(directory, mfile), model, strict=True)
            serializers.load_npz(os.path.join(directory, ofile), opt, strict=True)
        except Exception as err:  # noqa: BLE001
            chk.fail('Chainer cannot load %s / %s with strict=True: %s: %s' % (mfile, ofile, type(err).__name__, err))
            continue
        compare_file_layout(chk, mfile, os.path.join(directory, mfile), state_dict(model))
        compare_file_layout(chk, ofile, os.path.join(directory, ofile), state_dict(opt))
        compare_state(chk, 'model', mfile, state_dict(model), arrays, meta)
        compare_state(chk, 'optimizer', ofile, state_dict(opt), arrays, meta)
        for name, value in params(model).items():
            chk.close('%s: param %s (namedparams)' % (mfile, name), value, arrays['direct::' + name])
        chk.check(opt.t == meta['scalars']['optimizer.t'],
                  '%s: optimizer.t %s, expected %s' % (ofile, opt.t, meta['scalars']['optimizer.t']))
        # continuation: one Adam step in Chainer == one Adam step in cnet
        opt.update(model, *batch(x, t, NEXT_BATCH))
        for name, value in params(model).items():
            chk.close('%s + one Adam step in Chainer: %s vs cnet' % (mfile, name), value, arrays['step::' + name])

    for suffix in ('', '_raw'):
        lfile = 'cnet_lazy%s.npz' % suffix
        lazy = L.Linear(None, 3)
        try:
            serializers.load_npz(os.path.join(directory, lfile), lazy, strict=True)
        except Exception as err:  # noqa: BLE001
            chk.fail('Chainer cannot load %s with strict=True: %s: %s' % (lfile, type(err).__name__, err))
            continue
        compare_file_layout(chk, lfile, os.path.join(directory, lfile), state_dict(lazy))
        compare_state(chk, 'lazy', lfile, state_dict(lazy), arrays, meta)
        chk.check(lazy.W.array is None, '%s: W should stay uninitialized (None), got %r' % (lfile, lazy.W.array))

    for suffix in ('', '_raw'):
        sfile = 'cnet_snapshot%s.npz' % suffix
        trainer, model, opt, it = make_trainer(x, t, seed=12, stop_iter=RESUME_TO_ITER,
                                               out=os.path.join(directory, 'chainer_resumes_cnet%s' % suffix))
        try:
            serializers.load_npz(os.path.join(directory, sfile), trainer, strict=True)
        except Exception as err:  # noqa: BLE001
            chk.fail('Chainer cannot resume a Trainer from %s with strict=True: %s: %s' % (
                sfile, type(err).__name__, err))
            continue
        compare_file_layout(chk, sfile, os.path.join(directory, sfile), trainer_state_dict(trainer))
        compare_state(chk, 'snapshot' + suffix, sfile, trainer_state_dict(trainer), arrays, meta)
        sc = meta['scalars']
        up = trainer.updater
        chk.check(up.iteration == sc['snapshot.iteration'],
                  '%s: resumed iteration %s, cnet %s' % (sfile, up.iteration, sc['snapshot.iteration']))
        chk.check(up.epoch == sc['snapshot.epoch'],
                  '%s: resumed epoch %s, cnet %s' % (sfile, up.epoch, sc['snapshot.epoch']))
        chk.check(abs(up.epoch_detail - sc['snapshot.epoch_detail']) < 1e-12,
                  '%s: resumed epoch_detail %s, cnet %s' % (sfile, up.epoch_detail, sc['snapshot.epoch_detail']))
        chk.check(it.current_position == sc['snapshot.current_position'],
                  '%s: resumed iterator position %s, cnet %s' % (sfile, it.current_position,
                                                                sc['snapshot.current_position']))
        chk.check(opt.t == sc['snapshot.optimizer_t'], '%s: resumed optimizer.t %s, cnet %s' % (
            sfile, opt.t, sc['snapshot.optimizer_t']))
        log = trainer.get_extension('LogReport').log
        chk.check(len(log) == sc['snapshot.log_len'], '%s: LogReport has %d entries, cnet %d' % (
            sfile, len(log), sc['snapshot.log_len']))
        print('chainer_npz: verify: Chainer resumed %s at iteration %d, epoch %d (epoch_detail %g)' % (
            sfile, up.iteration, up.epoch, up.epoch_detail))
        # continuation: Chainer runs the resumed trainer to RESUME_TO_ITER, as cnet did
        trainer.run()
        chk.check(up.iteration == RESUME_TO_ITER, '%s: Chainer stopped at iteration %d, expected %d' % (
            sfile, up.iteration, RESUME_TO_ITER))
        for name, value in params(model).items():
            chk.close('%s resumed to iteration %d in Chainer: %s vs cnet' % (sfile, RESUME_TO_ITER, name), value,
                      arrays['resumed::' + name])
        chk.check(opt.t == sc['resumed.optimizer_t'], '%s: optimizer.t after resume %s, cnet %s' % (
            sfile, opt.t, sc['resumed.optimizer_t']))
        log = trainer.get_extension('LogReport').log
        chk.check(len(log) == sc['resumed.log_len'], '%s: LogReport after resume has %d entries, cnet %d' % (
            sfile, len(log), sc['resumed.log_len']))

    if chk.failures:
        print('chainer_npz: verify: FAILED: %d of %d checks' % (chk.failures, chk.checked))
        return 1
    print('chainer_npz: verify: OK: Chainer %s loaded every cnet file with strict=True; %d checks passed' % (
        chainer.__version__, chk.checked))
    return 0


# ----------------------------------------------------------------------------------------------------------


def main(argv):
    if IMPORT_ERROR is not None:
        print('SKIPPED: chainer/numpy cannot be imported by %s (%s: %s); install with `%s -m pip install '
              'chainer==7.8.1 "numpy<2"`' % (sys.executable, type(IMPORT_ERROR).__name__, IMPORT_ERROR,
                                              sys.executable))
        return SKIP
    if len(argv) >= 2 and argv[0] == 'export':
        export(argv[1])
        return 0
    if len(argv) >= 2 and argv[0] == 'verify':
        return verify(argv[1])
    if len(argv) == 5 and argv[0] == 'run' and argv[1] == '--exe' and argv[3] == '--workdir':
        exe, directory = argv[2], argv[4]
        if os.path.isdir(directory):
            import shutil
            shutil.rmtree(directory)
        print('chainer_npz: Chainer %s, NumPy %s, %s' % (chainer.__version__, np.__version__, sys.executable))
        print('== Chainer -> files')
        export(directory)
        print('== cnet: %s %s' % (exe, directory))
        sys.stdout.flush()
        rc = subprocess.call([exe, directory])
        if rc != 0:
            print('chainer_npz: npz_interop failed (exit status %d)' % rc)
            return 1
        print('== files -> Chainer')
        return verify(directory)
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

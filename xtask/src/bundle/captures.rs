//! Closures that read fields of `self`, rewritten for edition 2018: a bundle step.
//!
//! Edition 2021 closures capture the places they use (`self.truth`), edition 2018 closures the
//! whole variables (`self`). So a closure that reads `self.truth` while `self.clauses` is
//! borrowed mutably compiles under 2021 only. For each such closure the bundle borrows the
//! fields first, in a statement of their own just before the statement that makes the closure
//! (`let __self_truth = &self.truth;`), and the closure reads through that borrow
//! (`(*__self_truth)[k]`): the same program under both editions, as the closure no longer
//! names `self`.
//!
//! Only closures that are surely reading are rewritten: not `move`, and every use of `self` a
//! field chain (`self.a.b`, not `self` alone nor `self.f()`) that is read, never assigned,
//! borrowed `mut`, matched on or the receiver of a method call (which may take `&mut self`),
//! nor inside a macro call. Anything else is left as written, for rustc to judge.

use proc_macro2::{TokenStream, TokenTree};
use quote::{format_ident, ToTokens};
use std::collections::HashSet;
use syn::visit_mut::{self, VisitMut};
use syn::{BinOp, Block, Expr, ExprClosure, File, Ident, Item, Member, Stmt};

/// Rewrites, everywhere in `file`, the closures the module doc describes.
pub fn share_self_fields(file: &mut File) {
    Blocks.visit_file_mut(file);
}

/// Walks every block; in each, borrows before a statement what its closures read of `self`.
struct Blocks;

impl VisitMut for Blocks {
    fn visit_block_mut(&mut self, block: &mut Block) {
        let mut stmts = Vec::with_capacity(block.stmts.len());
        for mut stmt in std::mem::take(&mut block.stmts) {
            let mut closures = Closures {
                borrows: Vec::new(),
                bound: HashSet::new(),
            };
            closures.visit_stmt_mut(&mut stmt);
            stmts.extend(closures.borrows);
            stmts.push(stmt);
        }
        block.stmts = stmts;
        visit_mut::visit_block_mut(self, block);
    }
}

/// The closures of one statement outside its inner blocks (which [`Blocks`] visits on its
/// own), and the borrows to put before it.
struct Closures {
    borrows: Vec<Stmt>,
    /// The names of those borrows.
    bound: HashSet<String>,
}

impl VisitMut for Closures {
    fn visit_expr_closure_mut(&mut self, closure: &mut ExprClosure) {
        if closure.capture.is_some() {
            return;
        }
        let mut body = (*closure.body).clone();
        let mut places = Places {
            reading: true,
            chains: Vec::new(),
            unsure: false,
        };
        places.visit_expr_mut(&mut body);
        let selfs = self_count(closure.body.to_token_stream());
        if places.chains.is_empty() || places.unsure || places.chains.len() != selfs {
            return;
        }
        *closure.body = body;
        for chain in places.chains {
            let name = binding(&chain);
            if self.bound.insert(name.to_string()) {
                self.borrows
                    .push(syn::parse_quote!(let #name = &self #(. #chain)*;));
            }
        }
    }

    fn visit_block_mut(&mut self, _: &mut Block) {}

    fn visit_item_mut(&mut self, _: &mut Item) {}
}

/// The uses of `self` in a closure's body, each replaced by its borrow: the field chains
/// (`self.a.b`), and whether any use is not surely a read.
struct Places {
    /// Whether the expression being visited is only read.
    reading: bool,
    chains: Vec<Vec<Member>>,
    unsure: bool,
}

impl Places {
    fn visit_as(&mut self, reading: bool, expr: &mut Expr) {
        let outer = self.reading;
        self.reading = reading;
        self.visit_expr_mut(expr);
        self.reading = outer;
    }
}

impl VisitMut for Places {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        if let Some(chain) = self_chain(expr) {
            self.unsure |= !self.reading;
            let name = binding(&chain);
            self.chains.push(chain);
            *expr = syn::parse_quote!((*#name));
            return;
        }
        let reading = self.reading;
        match expr {
            Expr::Assign(e) => {
                self.visit_as(false, &mut e.left);
                self.visit_as(true, &mut e.right);
            }
            Expr::Binary(e) if is_compound_assignment(&e.op) => {
                self.visit_as(false, &mut e.left);
                self.visit_as(true, &mut e.right);
            }
            Expr::Reference(e) => {
                let shared = e.mutability.is_none();
                self.visit_as(reading && shared, &mut e.expr);
            }
            Expr::MethodCall(e) => {
                self.visit_as(false, &mut e.receiver);
                for arg in e.args.iter_mut() {
                    self.visit_as(true, arg);
                }
            }
            Expr::Index(e) => {
                self.visit_as(reading, &mut e.expr);
                self.visit_as(true, &mut e.index);
            }
            // Place expressions: their operand is used as they are.
            Expr::Field(e) => self.visit_as(reading, &mut e.base),
            Expr::Paren(e) => self.visit_as(reading, &mut e.expr),
            Expr::Group(e) => self.visit_as(reading, &mut e.expr),
            Expr::Unary(e) => self.visit_as(reading, &mut e.expr),
            // A scrutinee may be bound by `ref mut`.
            Expr::Match(e) => {
                self.visit_as(false, &mut e.expr);
                for arm in e.arms.iter_mut() {
                    self.reading = true;
                    self.visit_arm_mut(arm);
                }
                self.reading = reading;
            }
            Expr::Let(e) => self.visit_as(false, &mut e.expr),
            _ => {
                self.reading = true;
                visit_mut::visit_expr_mut(self, expr);
                self.reading = reading;
            }
        }
    }

    fn visit_item_mut(&mut self, _: &mut Item) {}
}

fn is_compound_assignment(op: &BinOp) -> bool {
    !matches!(
        op,
        BinOp::Add(_)
            | BinOp::Sub(_)
            | BinOp::Mul(_)
            | BinOp::Div(_)
            | BinOp::Rem(_)
            | BinOp::And(_)
            | BinOp::Or(_)
            | BinOp::BitXor(_)
            | BinOp::BitAnd(_)
            | BinOp::BitOr(_)
            | BinOp::Shl(_)
            | BinOp::Shr(_)
            | BinOp::Eq(_)
            | BinOp::Lt(_)
            | BinOp::Le(_)
            | BinOp::Ne(_)
            | BinOp::Ge(_)
            | BinOp::Gt(_)
    )
}

/// The members of `expr` when it is `self.a.b...` (one member or more), outermost last.
fn self_chain(expr: &Expr) -> Option<Vec<Member>> {
    let mut members = Vec::new();
    let mut at = expr;
    while let Expr::Field(field) = at {
        members.push(field.member.clone());
        at = &field.base;
    }
    let is_self = matches!(at, Expr::Path(p) if p.qself.is_none() && p.path.is_ident("self"));
    members.reverse();
    Some(members).filter(|m| is_self && !m.is_empty())
}

/// The name of the borrow of `self.a.b`: `__self_a_b`.
fn binding(chain: &[Member]) -> Ident {
    let parts: Vec<String> = chain
        .iter()
        .map(|m| match m {
            Member::Named(ident) => ident.to_string(),
            Member::Unnamed(index) => index.index.to_string(),
        })
        .collect();
    format_ident!("__self_{}", parts.join("_"))
}

/// How many times `self` appears in `tokens`, macro calls included.
fn self_count(tokens: TokenStream) -> usize {
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(i) => usize::from(i == "self"),
            TokenTree::Group(g) => self_count(g.stream()),
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(source: &str) -> String {
        let mut file = syn::parse_file(source).unwrap();
        share_self_fields(&mut file);
        prettyplease::unparse(&file)
    }

    #[test]
    fn a_closure_reading_fields_reads_them_through_borrows_made_before_it() {
        let source = "impl S { fn f(&mut self) { let c = &mut self.c; \
                      let k = c.iter().find(|&&k| self.t[k] > 0 && self.a.b.0 == k); } }";
        let text = rewritten(source);
        let borrows = text.find("let __self_t = &self.t;").expect(&text);
        let chain = text.find("let __self_a_b_0 = &self.a.b.0;").expect(&text);
        let closure = text.find("let k = ").expect(&text);
        assert!(borrows < closure && chain < closure, "{}", text);
        assert!(
            text.contains("(*__self_t)[k] > 0 && (*__self_a_b_0) == k"),
            "{}",
            text
        );
    }

    #[test]
    fn closures_that_may_write_or_need_all_of_self_are_left_alone() {
        for closure in [
            "|k| self.t[k] = 1",
            "|k| self.n += k",
            "|k| self.t.len() + k",
            "|k| self.size() + k",
            "|k| { let r = &mut self.t; r[k] }",
            "move |k| self.t[k]",
            "|k| { assert!(self.ok); self.t[k] }",
            "|k| match self.t { ref mut x => x[k] }",
            "|k| *self.r = k",
        ] {
            let source = format!("impl S {{ fn f(&mut self) {{ let g = {}; }} }}", closure);
            let text = rewritten(&source);
            assert!(!text.contains("__self"), "{}", text);
        }
    }

    #[test]
    fn a_closure_inside_an_inner_block_is_borrowed_for_there() {
        let source = "impl S { fn f(&self) -> u8 { if self.on { let g = |k: usize| &self.t[k]; \
                      g(0) } else { 0 } } }";
        let text = rewritten(source);
        let inner = text.find("if self.on {").expect(&text);
        let borrow = text.find("let __self_t = &self.t;").expect(&text);
        assert!(inner < borrow, "{}", text);
        assert!(text.contains("&(*__self_t)[k]"), "{}", text);
    }
}
